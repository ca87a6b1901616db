import { MAX_ACTION_BODY_BYTES } from "./action-limits.mjs";

/**
 * Leans on React's encoding of server-action arguments (tests/unit/platform-contract.test.ts
 * encodes real arguments with the installed React and checks they pass).
 *
 * Server actions here take plain JSON arguments. A request that could not have come
 * from the site's own forms is refused before Next decodes it, so it gets a 4xx with
 * a clear message instead of a decoding error (500).
 */

export type ActionBodyProblem = { status: 400 | 413 | 415; message: string };

// React's reply encoding marks special values with a leading "$"; the site's own
// actions only ever send "$undefined" (an optional field left out) and "$$…" (a
// string that itself starts with "$"). No form field holds a NUL character, and
// PostgreSQL text cannot store one.
const isPlainReplyString = (value: string) =>
  !value.includes("\u0000") && (!value.startsWith("$") || value === "$undefined" || value.startsWith("$$"));

// Keys that reach an object's prototype rather than the object: never a form field.
const FORBIDDEN_KEYS = new Set(["__proto__", "constructor", "prototype"]);

// A form's FormData travels as "$K<n>", its fields as parts named "_<n>_<field>".
const FORM_DATA_REFERENCE = /^\$K\d{1,3}$/;

function plainReply(value: unknown, allowFormData = false, depth = 0): boolean {
  if (depth > 4) return false;
  if (typeof value === "string") return isPlainReplyString(value) || (allowFormData && FORM_DATA_REFERENCE.test(value));
  if (value === null || typeof value === "number" || typeof value === "boolean") return true;
  if (Array.isArray(value)) return value.every((item) => plainReply(item, allowFormData, depth + 1));
  if (typeof value === "object") {
    return Object.entries(value).every(([key, item]) => !FORBIDDEN_KEYS.has(key) && plainReply(item, allowFormData, depth + 1));
  }
  return false;
}

export function actionBodyProblem(contentType: string | null, body: Uint8Array): ActionBodyProblem | null {
  if (!contentType?.toLowerCase().startsWith("text/plain")) {
    return { status: 415, message: "Unsupported request format" };
  }
  if (body.byteLength > MAX_ACTION_BODY_BYTES) return { status: 413, message: "Request too large" };
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(body));
  } catch {
    return { status: 400, message: "Malformed request" };
  }
  if (!Array.isArray(parsed) || parsed.length > 4 || !plainReply(parsed)) return { status: 400, message: "Malformed request" };
  return null;
}

/** The console's and the business pages' form actions: React's multipart encoding of a form (an import's carries a CSV). */
export async function formActionBodyProblem(contentType: string | null, body: Uint8Array): Promise<ActionBodyProblem | null> {
  const type = contentType?.toLowerCase() ?? "";
  const malformed = { status: 400, message: "Malformed request" } as const;
  const formArgs = (args: unknown) => Array.isArray(args) && args.length <= 2 && plainReply(args, true);
  try {
    // A form with no fields (log out) travels as plain text.
    if (type.startsWith("text/plain")) return formArgs(JSON.parse(new TextDecoder().decode(body))) ? null : malformed;
    if (!type.startsWith("multipart/form-data")) return { status: 415, message: "Unsupported request format" };
    const form = await new Response(body as BodyInit, { headers: { "content-type": contentType! } }).formData();
    const root = form.get("0");
    const partsOk = [...form.keys()].every((key) => key === "0" || /^_\d{1,3}_/.test(key));
    return typeof root === "string" && partsOk && formArgs(JSON.parse(root)) ? null : malformed;
  } catch {
    return malformed;
  }
}
