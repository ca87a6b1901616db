import type { AggregateRating, LocalBusiness, Review, WithContext } from "schema-dts";
import { vendorPath } from "../directory/ordering";
import type { ReviewSummary, VendorDetail } from "../directory/types";
import { absoluteUrl } from "../seo";
import { shownAverage } from "./format";
import type { PublicReview } from "./types";

/**
 * What a listing's LocalBusiness JSON-LD says of its reviews: only published reviews from
 * renters, never the sample ratings. The aggregate shows once the page shows an average.
 */
export function reviewsJsonLd(summary: ReviewSummary, reviews: PublicReview[]): { aggregateRating?: AggregateRating; review?: Review[] } {
  const average = shownAverage(summary);
  return {
    aggregateRating:
      average !== null
        ? { "@type": "AggregateRating", ratingValue: average, reviewCount: summary.count, bestRating: 5, worstRating: 1 }
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

/** A listing's schema.org LocalBusiness, with the reviews its page shows. */
export function localBusinessJsonLd(v: VendorDetail, reviews: PublicReview[]): WithContext<LocalBusiness> {
  return {
    "@context": "https://schema.org",
    "@type": "LocalBusiness",
    name: v.name,
    url: absoluteUrl(vendorPath(v)),
    telephone: v.phone ?? undefined,
    address: {
      "@type": "PostalAddress",
      streetAddress: v.street ?? undefined,
      addressLocality: v.city_name,
      addressRegion: v.state_code,
      postalCode: v.postcode ?? undefined,
      addressCountry: "US",
    },
    ...reviewsJsonLd(v.reviews, reviews),
  };
}
