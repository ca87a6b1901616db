const NOTICES: Record<string, string> = {
  "logged-out": "You are logged out.",
  resent: "The request's messages are queued and being sent again.",
  spam: "Marked as spam: it is left out of reports and counts, and its unsent messages are cancelled.",
  "not-spam": "No longer marked as spam.",
  approved: "Approved: the business is now listed on its city, state and country pages.",
  rejected: "Rejected, with the reason recorded.",
  duplicate: "Marked as a duplicate.",
  saved: "Saved: the public pages show the change.",
  hidden: "Hidden: the listing has left every public page and list.",
  listed: "Listed again on the public pages.",
};

/** The outcome of the last action: a known notice, or the reason the database gave for refusing. */
export function Notice({ notice, error }: { notice?: string | string[]; error?: string | string[] }) {
  const message = typeof error === "string" ? error : undefined;
  const done = typeof notice === "string" ? NOTICES[notice] : undefined;
  if (message) return <p role="alert" data-testid="notice" className="mt-4 rounded-md border border-danger-600 bg-ink-50 p-3 text-sm text-danger-600">{message}</p>;
  if (done) return <p role="status" data-testid="notice" className="mt-4 rounded-md border border-success-700 bg-ink-50 p-3 text-sm text-success-700">{done}</p>;
  return null;
}
