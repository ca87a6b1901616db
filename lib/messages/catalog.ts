import type { RefusalTexts } from "../data/refusals";

/**
 * A page's messages after an action, by code: actions redirect with `?notice=<code>` or
 * `?error=<code>` and pages show only these texts, so a link can never put a sentence of
 * its own on the page. An error code is a database refusal's own code (`refusals`) or one
 * of the page's (`errors`, which holds "refused": the text for any other refusal).
 */
export function messageCatalog<Notice extends string>(
  notices: Record<Notice, string>,
  refusals: RefusalTexts,
  errors: Record<string, string> & { refused: string },
) {
  const texts: Record<string, string> = {
    "control-character": "A field holds a character that cannot be typed (a control character). Please type it again: nothing was changed.",
    ...errors,
    ...refusals,
  };
  return {
    /** Every notice's text, by code: an action built with this catalogue goes back with one of these codes. */
    notices,
    /** The text for a code; null for anything that is not one of ours. */
    message(kind: "notice" | "error", code: unknown): string | null {
      if (typeof code !== "string") return null;
      if (kind === "notice") return Object.hasOwn(notices, code) ? notices[code as Notice] : null;
      return Object.hasOwn(texts, code) ? texts[code] : null;
    },
    /** The error code a page shows for a refusal: its own, or "refused" when the page has no text for it. */
    errorCode(code: string): string {
      return Object.hasOwn(texts, code) ? code : "refused";
    },
  };
}
