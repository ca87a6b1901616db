import type { AggregateRating, Review } from "schema-dts";
import type { ReviewSummary } from "../directory/types";
import { MIN_REVIEWS_FOR_AVERAGE, type PublicReview } from "./types";

/**
 * What a listing's LocalBusiness JSON-LD says of its reviews: only published reviews from
 * renters, never the sample ratings. The aggregate shows once the page shows an average.
 */
export function reviewsJsonLd(summary: ReviewSummary, reviews: PublicReview[]): { aggregateRating?: AggregateRating; review?: Review[] } {
  return {
    aggregateRating:
      summary.count >= MIN_REVIEWS_FOR_AVERAGE && summary.average !== null
        ? { "@type": "AggregateRating", ratingValue: Number(summary.average), reviewCount: summary.count, bestRating: 5, worstRating: 1 }
        : undefined,
    review:
      reviews.length > 0
        ? reviews.map((r) => ({
            "@type": "Review",
            reviewRating: { "@type": "Rating", ratingValue: r.stars, bestRating: 5, worstRating: 1 },
            author: { "@type": "Person", name: r.author },
            datePublished: r.published_at.slice(0, 10),
            reviewBody: r.body ?? undefined,
          }))
        : undefined,
  };
}
