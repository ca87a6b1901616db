/** A record id from a URL segment or a form field, or null when it cannot be one. */
export function recordId(value: unknown): number | null {
  return typeof value === "string" && /^[1-9]\d{0,11}$/.test(value) ? Number(value) : null;
}
