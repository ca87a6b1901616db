import { messageCatalog, type ErrorEntry } from "../data/messages";
import { RATE_CARD_ERRORS } from "../prices/messages";

/**
 * Every message the console shows after an action, by code. Actions redirect with
 * `?notice=<code>` or `?error=<code>` and pages show only these texts, so a link can
 * never put a sentence of its own inside the signed-in console.
 */
const NOTICES = {
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
  "claim-approved": "Approved: the claimant can now sign in at /business and manage the listing.",
  "claim-rejected": "Rejected, with the reason recorded.",
  revoked: "Revoked: that person can no longer manage the listing.",
  "change-approved": "Approved: the listing shows its new name or website.",
  "change-rejected": "Rejected: the listing keeps its name and website.",
  "rates-saved": "Saved: the rate card shows on the public pages, confirmed today.",
} as const;

/**
 * Errors, with the database refusal each stands for (matched on the function's message;
 * one that carries a value, like a ZIP, is matched by its fixed part).
 */
const ERRORS: Record<string, ErrorEntry> = {
  wrong: { text: "Wrong email or password." },
  throttled: { text: "Too many failed logins from your connection. Wait a few minutes, then try again." },
  busy: { text: "Too many logins at once. Try again in a moment." },
  "no-record": { text: "No such record", refusal: /^No such (rental request|submission|vendor)$/ },
  "unknown-outcome": { text: "Unknown review outcome", refusal: /^Unknown review outcome$/ },
  "too-long": { text: "A field is too long", refusal: /^(A field|The reason) is too long$/ },
  spam: { text: "This request is marked as spam", refusal: /^This request is marked as spam$/ },
  reviewed: { text: "This has already been reviewed", refusal: /^(This submission is already |No new (submission|claim|change) with this id)/ },
  "no-person": { text: "No such person on this listing", refusal: /^No such person on this listing$/ },
  "listing-exists": { text: "A listing with this website already exists", refusal: /^A listing with this website already exists/ },
  "city-missing": { text: "The submission's city is not in the directory", refusal: /^The submission's city is not in the directory$/ },
  "reason-missing": { text: "Please give a reason for the rejection", refusal: /^Please give a reason for the rejection$/ },
  name: { text: "Name must be 2 to 200 characters", refusal: /^Name must be 2 to 200 characters$/ },
  phone: { text: "Please enter a valid phone number", refusal: /^Please enter a valid phone number$/ },
  website: { text: "Please enter a valid website URL (e.g. example.com)", refusal: /^Please enter a valid website URL/ },
  email: { text: "Please enter a valid email address", refusal: /^Please enter a valid email address$/ },
  photo: { text: "The photo must be an https:// address", refusal: /^The photo must be an https:\/\/ address$/ },
  zip: { text: "A service ZIP code is not a US ZIP code in the directory", refusal: /^Unknown ZIP code: / },
  ...RATE_CARD_ERRORS,
  refused: { text: "The database refused the change." },
};

export type NoticeCode = keyof typeof NOTICES;

const catalog = messageCatalog(NOTICES, ERRORS);

/** The text for a `?notice=` or `?error=` code; null for anything that is not one of ours. */
export const consoleMessage = catalog.message;

/** The error code for a database refusal; faults (anything not a refusal) are rethrown. */
export const refusalCode = catalog.refusalCode;
