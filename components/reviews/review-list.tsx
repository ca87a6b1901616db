import { Link } from "@/components/ui/link";
import { Stars } from "@/components/reviews/stars";
import { shownAverage, verifiedLine } from "@/lib/reviews/format";
import { REVIEWS_PER_PAGE, reviewsPagePath } from "@/lib/reviews/data";
import { machineLabel } from "@/lib/requests/status";
import type { ReviewSummary } from "@/lib/listings/types";
import type { ReviewPage } from "@/lib/listings/types";

type Props = {
  vendorName: string;
  vendorPath: string;
  summary: ReviewSummary;
  page: ReviewPage;
  pageNumber: number;
  headingLevel?: "h1" | "h2";
};

/**
 * A listing's reviews from renters who sent a request through the site: the average, the
 * count and how many gave each number of stars, then one page of reviews, newest first,
 * each with the business's reply.
 */
export function ReviewList({ vendorName, vendorPath, summary, page, pageNumber, headingLevel: Heading = "h2" }: Props) {
  const pages = Math.max(1, Math.ceil(page.total / REVIEWS_PER_PAGE));
  const average = shownAverage(summary);
  return (
    <section id="reviews" className="mt-8" aria-labelledby="reviews-heading" data-testid="reviews">
      <Heading id="reviews-heading" className="text-2xl font-bold">
        Reviews of {vendorName}
        {pageNumber > 1 ? `, page ${pageNumber}` : ""}
      </Heading>
      {summary.count === 0 ? (
        <p className="mt-3 text-ink-700">
          No reviews yet. Renters who send a request through Skid Steer Rentals are invited to review the vendors who received it.
        </p>
      ) : (
        <div className="mt-3 flex flex-wrap items-start gap-6" data-testid="review-summary">
          <p>
            {average !== null ? (
              <>
                <span className="text-3xl font-extrabold">{average.toFixed(1)}</span> out of 5
              </>
            ) : (
              <span className="font-semibold">New on Skid Steer Rentals</span>
            )}
            <span className="block text-sm text-ink-600">
              {summary.count} review{summary.count === 1 ? "" : "s"} from verified requests
            </span>
          </p>
          <table className="text-sm" aria-label="Reviews by number of stars">
            <tbody>
              {[5, 4, 3, 2, 1].map((stars) => (
                <tr key={stars}>
                  <th scope="row" className="pr-2 text-left font-normal">
                    {stars} star{stars === 1 ? "" : "s"}
                  </th>
                  <td className="pr-2">
                    <span className="block h-2 w-24 rounded bg-ink-100">
                      <span
                        className="block h-2 rounded bg-brand-500"
                        style={{ width: `${Math.round((summary.stars[stars - 1] / summary.count) * 100)}%` }}
                      />
                    </span>
                  </td>
                  <td>{summary.stars[stars - 1]}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <ol className="mt-4 space-y-4">
        {page.reviews.map((review) => (
          <li key={review.id} className="rounded-[var(--radius-card)] border border-ink-200 p-4 wrap-anywhere" data-testid="review">
            <p className="flex flex-wrap items-center gap-x-3">
              <Stars stars={review.stars} />
              <span className="font-semibold">{review.author}</span>
            </p>
            <p className="mt-1 text-sm text-ink-600">
              {verifiedLine(review)} · {machineLabel(review.machine)}
            </p>
            {review.body && <p className="mt-2 whitespace-pre-line text-ink-700">{review.body}</p>}
            {review.reply && (
              <div className="mt-3 border-l-4 border-ink-200 pl-3 text-sm" data-testid="review-reply">
                <p className="font-semibold">Reply from {vendorName}</p>
                <p className="mt-1 whitespace-pre-line text-ink-700">{review.reply}</p>
              </div>
            )}
          </li>
        ))}
      </ol>
      {pages > 1 && (
        <nav aria-label="Review pages" className="mt-4 flex flex-wrap gap-4">
          {pageNumber > 1 && (
            <Link href={reviewsPagePath(vendorPath, pageNumber - 1)} className="font-semibold text-brand-700 underline">
              Newer reviews
            </Link>
          )}
          {pageNumber < pages && (
            <Link href={reviewsPagePath(vendorPath, pageNumber + 1)} className="font-semibold text-brand-700 underline">
              Older reviews
            </Link>
          )}
        </nav>
      )}
    </section>
  );
}
