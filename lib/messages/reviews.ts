import { messageCatalog } from "./catalog";
import type { RefusalTexts } from "../data/refusals";

/** What a request's status page says after the renter writes or edits a review, by code. */
const NOTICES = {
  "review-saved": "Thank you: your review waits for our team and shows on the vendor's page once it is published.",
} as const;

const REFUSALS: RefusalTexts = {
  "no-request": "This rental request was not found from this browser.",
  "no-record": "This review was not found.",
  "review-stars": "Choose from 1 to 5 stars.",
  "too-long": "A review can be at most 2,000 characters.",
  "review-exists": "You have already reviewed this vendor for this request: edit your review instead.",
  "review-locked": "A review can be edited for 30 days after it was written.",
  "review-not-recipient": "You can review only a vendor that received your request.",
  "review-withdrawn": "This request was withdrawn before the vendor answered, so the vendor cannot be reviewed for it.",
  "review-too-early": "You can review this vendor once they have contacted you, or from your rental's start date on.",
  "limit-review": "Too many reviews from your connection today. Please try again tomorrow.",
  "limit-review-phone": "Too many reviews for this phone number in the last 30 days.",
};

/** A status page's texts for `?notice=` and `?error=` codes about a review, and the error code of each refusal. */
export const reviewCatalog = messageCatalog(NOTICES, REFUSALS, { refused: "Your review could not be saved. Please try again." });

/** The text for a status page's `?notice=` or `?error=` code about a review; null for anything else. */
export const reviewMessage = reviewCatalog.message;
