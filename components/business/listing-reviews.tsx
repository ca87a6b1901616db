import { Stars } from "@/components/reviews/stars";
import { Button } from "@/components/ui/button";
import { answerReviewAction } from "@/lib/reviews/actions";
import type { BusinessReview } from "@/lib/reviews/data";
import { machineLabel } from "@/lib/requests/status";
import { verifiedLine } from "@/lib/reviews/format";

/** The published reviews of the business's listings, each with its public reply (editable) and a way to report it. */
export function ListingReviews({ reviews }: { reviews: BusinessReview[] }) {
  return (
    <section className="mt-10" aria-labelledby="business-reviews-heading">
      <h2 id="business-reviews-heading" className="text-2xl font-bold">
        Reviews of your listings
      </h2>
      {reviews.length === 0 && (
        <p className="mt-2 text-ink-700">No published reviews yet. Renters who sent you a request are invited to review you.</p>
      )}
      <ul className="mt-3 space-y-4">
        {reviews.map((review) => (
          <li
            key={review.id}
            id={`review-${review.id}`}
            className="rounded-[var(--radius-card)] border border-ink-200 p-4 wrap-anywhere"
            data-testid="business-review"
          >
            <p className="font-semibold">{review.vendor_name}</p>
            <p className="mt-1">
              <Stars stars={review.stars} /> · {review.author}
            </p>
            <p className="text-sm text-ink-600">
              {verifiedLine(review)} · {machineLabel(review.machine)}
            </p>
            {review.body && <p className="mt-2 whitespace-pre-line text-ink-700">{review.body}</p>}
            <form action={answerReviewAction} className="mt-3">
              <input type="hidden" name="review_id" value={review.id} />
              <label htmlFor={`reply-${review.id}`} className="block text-sm font-semibold">
                {review.reply ? "Your public reply" : "Reply publicly"}
              </label>
              <textarea
                id={`reply-${review.id}`}
                name="reply"
                rows={3}
                maxLength={2000}
                required
                defaultValue={review.reply ?? ""}
                className="mt-1 block w-full rounded-md border border-ink-200 p-3"
              />
              <Button type="submit" size="sm" className="mt-2">
                {review.reply ? "Save reply" : "Post reply"}
              </Button>
            </form>
            {review.reported ? (
              <p className="mt-3 text-sm text-ink-600">You reported this review: our team is looking at it.</p>
            ) : (
              <details className="mt-3 text-sm">
                <summary className="cursor-pointer font-semibold text-brand-700">Report this review</summary>
                <form action={answerReviewAction} className="mt-2">
                  <input type="hidden" name="review_id" value={review.id} />
                  <label htmlFor={`report-${review.id}`} className="block font-semibold">
                    Why should our team remove it?
                  </label>
                  <textarea
                    id={`report-${review.id}`}
                    name="report"
                    rows={2}
                    maxLength={500}
                    required
                    className="mt-1 block w-full rounded-md border border-ink-200 p-3"
                  />
                  <Button type="submit" size="sm" variant="outline" className="mt-2">
                    Report
                  </Button>
                </form>
              </details>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
