import { Star } from "lucide-react";

export function Rating({ value }: { value: number | null }) {
  if (value === null) return <span className="text-sm text-ink-600">Not yet rated</span>;
  return (
    <span className="inline-flex items-center gap-1 text-sm font-semibold" aria-label={`Rated ${value} out of 5`}>
      <Star aria-hidden="true" className="h-4 w-4 fill-brand-500 text-brand-600" />
      {Number(value).toFixed(1)}
    </span>
  );
}
