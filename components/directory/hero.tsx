import type { ReactNode } from "react";
import type { Hero as HeroCopy } from "@/lib/listings/types";

export function Hero({ hero, children }: { hero: HeroCopy; children?: ReactNode }) {
  return (
    <section className="mt-4 rounded-[var(--radius-card)] bg-gradient-to-br from-ink-900 to-ink-700 px-6 py-10 text-white sm:px-10">
      <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{hero.hero_h1_headline}</h1>
      {hero.hero_h2_subtitle1 && <p className="mt-3 max-w-2xl text-lg text-ink-100">{hero.hero_h2_subtitle1}</p>}
      {hero.hero_h2_subtitle2 && <p className="mt-1 max-w-2xl text-ink-200">{hero.hero_h2_subtitle2}</p>}
      {children && <div className="mt-6">{children}</div>}
    </section>
  );
}
