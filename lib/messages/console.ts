import { messageCatalog } from "./catalog";
import type { RefusalTexts } from "../data/refusals";
import { RATE_CARD_PROBLEMS } from "../prices/messages";
import { LISTING_REFUSALS } from "./listings";

/**
 * Every message the console shows after an action, by code. Actions redirect with
 * `?notice=<code>` or `?error=<code>` and pages show only these texts, so a link can
 * never put a sentence of its own inside the signed-in console.
 */
const NOTICES = {
  "logged-out": "You are logged out.",
  resent: "The vendors' emails that failed are queued and being sent again; an email already delivered is never sent twice.",
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
  "review-published": "Published: the review shows on the listing's page, and the business is emailed.",
  "review-rejected": "Rejected, with the reason recorded: the review is not shown.",
  "review-kept": "Kept: the review stays published and the report is cleared.",
  erased:
    "Erased: the person's requests keep no name, phone number or email address, their reviews are removed from every page and the messages about them are emptied. The audit log records that you did it, not whom.",
} as const;

/** The texts of the database's refusals that console actions can meet. */
const REFUSALS: RefusalTexts = {
  "no-record": "No such record",
  "unknown-outcome": "Unknown review outcome",
  spam: "This request is marked as spam",
  reviewed: "This has already been reviewed",
  "no-person": "No such person on this listing",
  "listing-exists": "A listing with this website already exists",
  "city-missing": "The submission's city is not in the directory",
  "reason-missing": "Please give a reason for the rejection",
  "person-query": "Enter a phone number of at least 10 digits or an email address.",
  "nothing-on-file": "Nothing is on file for this phone number or email address.",
  ...LISTING_REFUSALS,
  ...RATE_CARD_PROBLEMS,
};

const ERRORS = {
  wrong: "Wrong email or password.",
  throttled: "Too many failed logins from your connection. Wait a few minutes, then try again.",
  busy: "Too many logins at once. Try again in a moment.",
  refused: "The database refused the change.",
};

/** The console's texts for `?notice=` and `?error=` codes, and the error code of each refusal. */
export const consoleCatalog = messageCatalog(NOTICES, REFUSALS, ERRORS);

/** The text for a `?notice=` or `?error=` code; null for anything that is not one of ours. */
export const consoleMessage = consoleCatalog.message;
