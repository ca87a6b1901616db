export function Rating({ value }: { value: number | null }) {
  if (value === null) return <span className="text-sm text-ink-600">Not yet rated</span>;
  return (
    // The star is drawn by the class: it is repeated on every vendor card.
    <span className="rating" aria-label={`Rated ${value} out of 5`}>
      {Number(value).toFixed(1)}
    </span>
  );
}
