/** Said wherever sample rates show: the seeded listings and their rates are fictitious. */
export function SampleNote() {
  return (
    <p className="mt-1 text-xs text-ink-600" data-testid="sample-note">
      Sample data: this listing and its rates are fictitious, for illustration only.
    </p>
  );
}
