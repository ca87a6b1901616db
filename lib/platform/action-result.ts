/** Server actions accept at most a few kilobytes. */
export const MAX_ACTION_BYTES = 4096;

export function tooLarge(input: unknown): boolean {
  try {
    return JSON.stringify(input ?? null).length > MAX_ACTION_BYTES;
  } catch {
    return true;
  }
}

/** What a client component's server action answers: its data, or a message and the fields' errors. */
export type ActionResult<T = undefined> =
  ({ ok: true } & (T extends undefined ? object : { data: T })) | { ok: false; message: string; fieldErrors?: Record<string, string> };

export function fieldErrorsOf(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? "form");
    errors[key] ??= issue.message;
  }
  return errors;
}
