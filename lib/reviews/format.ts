import type { PublicReview, ReviewFigures } from "../listings/types";

/** Below this many published reviews a listing shows no average: "New on Skid Steer Rentals". */
const MIN_REVIEWS_FOR_AVERAGE = 3;

/** The average a listing shows (page, card and JSON-LD), once it has enough published reviews; else null. */
export const shownAverage = (summary: ReviewFigures): number | null =>
  summary.count >= MIN_REVIEWS_FOR_AVERAGE && summary.average !== null ? Number(summary.average) : null;

/** "Requested through Skid Steer Rentals, March 2026" (or "Booked through", once booked there): what makes a review verified. */
export const verifiedLine = (review: Pick<PublicReview, "requested_at" | "booked">) =>
  `${review.booked ? "Booked" : "Requested"} through Skid Steer Rentals, ${new Date(review.requested_at).toLocaleDateString("en-US", { month: "long", year: "numeric", timeZone: "UTC" })}`;

/** "4 out of 5 stars", as screen readers hear a row of stars. */
export const starsLabel = (stars: number) => `${stars} out of 5 stars`;
