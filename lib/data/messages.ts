import { DatabaseError } from "./rpc";

export interface ErrorEntry {
  text: string;
  /** The database refusal this error stands for, matched on the function's message. */
  refusal?: RegExp;
}

/**
 * A page's messages after an action, by code: actions redirect with `?notice=<code>` or
 * `?error=<code>` and pages show only these texts, so a link can never put a sentence of
 * its own on the page.
 */
export function messageCatalog<Notice extends string>(notices: Record<Notice, string>, errors: Record<string, ErrorEntry>) {
  return {
    /** The text for a code; null for anything that is not one of ours. */
    message(kind: "notice" | "error", code: unknown): string | null {
      if (typeof code !== "string") return null;
      if (kind === "notice") return Object.hasOwn(notices, code) ? notices[code as Notice] : null;
      return Object.hasOwn(errors, code) ? errors[code].text : null;
    },
    /** The error code for a database refusal; faults (anything not a refusal) are rethrown. */
    refusalCode(error: unknown): string {
      const refusal = error instanceof DatabaseError ? error.refusal : null;
      if (refusal === null) throw error;
      return Object.entries(errors).find(([, entry]) => entry.refusal?.test(refusal))?.[0] ?? "refused";
    },
  };
}
