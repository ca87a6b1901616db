import type { PublicReview } from "./types";

/** "Requested through Skid Steer Rentals, March 2026": what makes a review verified. */
export const verifiedLine = (review: Pick<PublicReview, "requested_at">) =>
  `Requested through Skid Steer Rentals, ${new Date(review.requested_at).toLocaleDateString("en-US", { month: "long", year: "numeric", timeZone: "UTC" })}`;

/** "4 out of 5 stars", as screen readers hear a row of stars. */
export const starsLabel = (stars: number) => `${stars} out of 5 stars`;
