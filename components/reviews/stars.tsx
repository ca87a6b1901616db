import { starsLabel } from "@/lib/reviews/format";

/** A row of five stars, the given number filled. */
export function Stars({ stars }: { stars: number }) {
  return (
    <span role="img" aria-label={starsLabel(stars)} className="tracking-wide text-brand-700">
      {"★".repeat(stars)}
      <span className="text-ink-600">{"☆".repeat(5 - stars)}</span>
    </span>
  );
}
