import type { ReviewFigures } from "@/lib/listings/types";
import { shownAverage } from "@/lib/reviews/format";

/**
 * A listing's rating: the average of its published reviews once it has enough of them,
 * else "New on Skid Steer Rentals". A sample rating (seed data, not from reviews) is shown
 * apart and marked as such, only while there is no average.
 */
export function Rating({ reviews, sample }: { reviews: ReviewFigures; sample: number | null }) {
  const shown = shownAverage(reviews);
  if (shown !== null) {
    const average = shown.toFixed(1);
    return (
      // The star is drawn by the class: it is repeated on every vendor card.
      <span className="rating" data-testid="rating" aria-label={`Rated ${average} out of 5 from ${reviews.count} reviews`}>
        {average} <span className="font-normal text-ink-600">({reviews.count} reviews)</span>
      </span>
    );
  }
  return (
    <span className="text-sm" data-testid="rating">
      <span className="font-semibold">New on Skid Steer Rentals</span>
      {sample !== null && (
        <span className="text-ink-600" title="Sample data, not from reviews" data-testid="sample-rating">
          {" "}
          · sample rating {Number(sample).toFixed(1)}
        </span>
      )}
    </span>
  );
}
