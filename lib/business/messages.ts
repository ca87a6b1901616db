import { messageCatalog, type ErrorEntry } from "../data/messages";
import { RATE_CARD_ERRORS } from "../prices/messages";

/**
 * The business pages' messages after an action, by code (`?notice=`, `?error=`): only
 * these texts are shown, so a link cannot put a sentence of its own on the page.
 */
const NOTICES = {
  "link-sent": "Check your email: if this address manages a listing, we have sent it a sign-in link. It works once, for 30 minutes.",
  "claim-received": "Thank you. If this address belongs to the business, we have emailed it a link to claim the listing; otherwise our team will review your claim and reply by email.",
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
  "rates-saved": "Saved: your rates show on the public pages, confirmed today.",
} as const;

const ERRORS: Record<string, ErrorEntry> = {
  "link-invalid": { text: "This link is invalid or has expired. Ask for a new one below.", refusal: /^This link is invalid or has expired/ },
  email: { text: "Please enter a valid email address", refusal: /^Please enter a valid email address$/ },
  name: { text: "Please enter your name", refusal: /^Please enter your name$/ },
  "listing-name": { text: "Name must be 2 to 200 characters", refusal: /^Name must be 2 to 200 characters$/ },
  website: { text: "Please enter a valid website URL (e.g. example.com)", refusal: /^Please enter a valid website URL/ },
  phone: { text: "Please enter a valid phone number", refusal: /^Please enter a valid phone number$/ },
  photo: { text: "The photo must be an https:// address", refusal: /^The photo must be an https:\/\/ address$/ },
  zip: { text: "A service ZIP code is not a US ZIP code in the directory", refusal: /^Unknown ZIP code: / },
  "too-long": { text: "A field is too long", refusal: /^A field is too long$/ },
  "too-many": { text: "Too many requests from your connection. Please try again later.", refusal: /^Too many / },
  "listing-limit": { text: "This listing has had too many claims today. Please try again tomorrow.", refusal: /^This listing has had too many claims/ },
  "no-listing": { text: "No such listing", refusal: /^No such listing$/ },
  "team-full": { text: "A listing has at most 10 people", refusal: /^A listing has at most 10 people$/ },
  "owner-stays": { text: "The owner cannot be removed", refusal: /^The owner cannot be removed$/ },
  "not-sent": { text: "We could not send the email just now. Please try again in a few minutes." },
  status: { text: "Unknown status", refusal: /^Unknown status$/ },
  "reason-missing": { text: "Please give a reason", refusal: /^Please give a reason$/ },
  "no-request": { text: "No such request", refusal: /^No such request$/ },
  ...RATE_CARD_ERRORS,
  refused: { text: "That change could not be made." },
};

export type BusinessNotice = keyof typeof NOTICES;

const catalog = messageCatalog(NOTICES, ERRORS);

export const businessMessage = catalog.message;
export const businessRefusal = catalog.refusalCode;
