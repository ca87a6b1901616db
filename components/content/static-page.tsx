import type { ReactNode } from "react";

export function StaticPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <article className="prose-article mx-auto max-w-3xl">
      <h1 className="text-3xl font-extrabold tracking-tight">{title}</h1>
      {children}
    </article>
  );
}
