import { messageCatalog } from "./catalog";
import type { RefusalTexts } from "../data/refusals";
import { RATE_CARD_PROBLEMS } from "../prices/messages";
import { LISTING_REFUSALS } from "./listings";
import { QUOTE_REFUSALS } from "./quotes";
import { PHOTO_ERRORS, RENTAL_REFUSALS } from "./rental";

/**
 * The business pages' messages after an action, by code (`?notice=`, `?error=`): only
 * these texts are shown, so a link cannot put a sentence of its own on the page.
 */
const NOTICES = {
  "link-sent": "Check your email: if this address manages a listing, we have sent it a sign-in link. It works once, for 30 minutes.",
  "claim-received":
    "Thank you. If this address belongs to the business, we have emailed it a link to claim the listing; otherwise our team will review your claim and reply by email.",
  claimed: "The listing is yours: you can edit it below.",
  "claim-queued": "This listing has already been claimed: our team will review your claim and reply by email.",
  "signed-in": "You are signed in.",
  "signed-out": "You are signed out.",
  saved: "Saved: the public page shows the change.",
  "saved-pending": "Saved: the public page shows the change. The new name or website shows once our team has approved it.",
  "colleague-added": "Added: they can now sign in with their email address.",
  "colleague-removed": "Removed: they can no longer manage this listing.",
  "marked-contacted": "Thank you: the request is marked as contacted.",
  "opted-out": "Done: this listing receives no rental requests until you turn them back on here.",
  "opted-in": "Rental requests are on again for this listing.",
  "status-saved": "Saved.",
  "quote-sent": "Your quote is sent: the renter sees it beside the others and can book it.",
  "quote-withdrawn": "Your quote is withdrawn: the renter sees that it was, and can no longer book it.",
  "rates-saved": "Saved: your rates show on the public pages, confirmed today.",
  "reply-saved": "Saved: your reply shows under the review on your listing's page.",
  "review-reported": "Reported: our team will look at this review and may remove it.",
  "window-confirmed": "The delivery window is confirmed: the renter is told, with the calendar invitation updated.",
  "on-the-way": "Marked on the way: the renter is told.",
  delivered: "Marked delivered: the renter is told, and sees your readings and photos.",
  "extension-accepted": "Extension accepted: the rental's last day moved, and the renter is told with the invitation updated.",
  "extension-declined": "Extension declined: the renter is told.",
  "picked-up": "Pickup recorded: the bill below is built from your quote and the readings. Add a line if you must, then send it.",
  "line-added": 'Line added, marked "not in your quote" for the renter to accept or dispute.',
  "bill-sent": "The bill is sent: the renter is told.",
} as const;

const TOO_MANY = "Too many requests from your connection. Please try again later.";

const REFUSALS: RefusalTexts = {
  "link-invalid": "This link is invalid or has expired. Ask for a new one below.",
  name: "Please enter your name",
  ...LISTING_REFUSALS,
  "limit-sign-in": TOO_MANY,
  "limit-sign-in-email": TOO_MANY,
  "limit-claim": TOO_MANY,
  "limit-claim-listing": "This listing has had too many claims today. Please try again tomorrow.",
  "no-listing": "No such listing",
  "team-full": "A listing has at most 10 people",
  "owner-stays": "The owner cannot be removed",
  status: "Unknown status",
  "reason-missing": "Please give a reason",
  "already-answered": "You already answered this request with a quote or as not available.",
  "no-request": "No such request",
  "no-review": "No such review",
  ...RATE_CARD_PROBLEMS,
  ...QUOTE_REFUSALS,
  ...RENTAL_REFUSALS,
};

const ERRORS = {
  ...PHOTO_ERRORS,
  refused: "That change could not be made.",
  "status-missing": "Choose a status before saving: nothing was changed.",
};

export type BusinessNotice = keyof typeof NOTICES;

/** The business pages' texts for `?notice=` and `?error=` codes, and the error code of each refusal. */
export const businessCatalog = messageCatalog(NOTICES, REFUSALS, ERRORS);

export const businessMessage = businessCatalog.message;
