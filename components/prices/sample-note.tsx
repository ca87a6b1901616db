/** Said wherever sample rates show: the seeded listings and their rates are fictitious. */
export function SampleNote({ className = "mt-1" }: { className?: string }) {
  return (
    <p className={`${className} text-xs text-ink-600`} data-testid="sample-note">
      Sample data: this listing and its rates are fictitious, for illustration only.
    </p>
  );
}
