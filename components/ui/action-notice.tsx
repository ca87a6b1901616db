/** The outcome of the last action, already resolved to one of the site's own texts. */
export function ActionNotice({ error, notice }: { error: string | null; notice: string | null }) {
  if (error)
    return (
      <p role="alert" data-testid="notice" className="mt-4 rounded-md border border-danger-600 bg-ink-50 p-3 text-sm text-danger-600">
        {error}
      </p>
    );
  if (notice)
    return (
      <p role="status" data-testid="notice" className="mt-4 rounded-md border border-success-700 bg-ink-50 p-3 text-sm text-success-700">
        {notice}
      </p>
    );
  return null;
}
