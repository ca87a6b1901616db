import { ReviewForm } from "@/components/reviews/review-form";
import { Stars } from "@/components/reviews/stars";
import { ActionNotice } from "@/components/ui/action-notice";
import type { RequestStatus } from "@/lib/requests/status";
import { reviewMessage } from "@/lib/messages/reviews";

type Param = string | string[] | undefined;

const STATES = { pending: "waiting for our team", published: "published on the vendor's page", rejected: "not published" };

/**
 * The status page's invitation to review each vendor that received the request: a form once
 * the vendor has contacted the renter or the rental has started, then the review and where
 * it stands (editable for 30 days). The last action's message shows by its vendor.
 */
export function RequestReviews({
  lead,
  statusKey,
  vendor,
  notice,
  error,
}: {
  lead: RequestStatus;
  statusKey: string | null;
  vendor: Param;
  notice: Param;
  error: Param;
}) {
  const reviewable = lead.recipients.filter((r) => r.review || r.review_refusal === null || r.review_refusal === "review-too-early");
  if (reviewable.length === 0) return null;
  return (
    <section className="mt-8" aria-labelledby="reviews-heading">
      <h2 id="reviews-heading" className="text-xl font-bold">
        Review your vendors
      </h2>
      <p className="mt-1 text-sm text-ink-600">
        Help other renters: tell them how it went. Our team reads each review before it is published.
      </p>
      <div className="mt-3 space-y-4">
        {reviewable.map((r) => (
          <div key={r.vendor_id} id={`vendor-${r.vendor_id}`} data-testid="vendor-review">
            {vendor === String(r.vendor_id) && (
              <ActionNotice notice={reviewMessage("notice", notice)} error={reviewMessage("error", error)} />
            )}
            {r.review ? (
              <div className="mt-2" data-testid="own-review">
                <p>
                  Your review of {r.vendor_name}: <Stars stars={r.review.stars} /> · {STATES[r.review.status]}
                  {r.review.status === "rejected" && r.review.reject_reason ? `: ${r.review.reject_reason}` : ""}
                </p>
                {r.review.body && <p className="mt-1 whitespace-pre-line text-ink-700 wrap-anywhere">{r.review.body}</p>}
                {r.review.editable && (
                  <details className="mt-2">
                    <summary className="cursor-pointer font-semibold text-brand-700">Edit my review</summary>
                    <ReviewForm
                      leadId={lead.id}
                      vendorId={r.vendor_id}
                      vendorName={r.vendor_name}
                      statusKey={statusKey}
                      review={r.review}
                    />
                  </details>
                )}
              </div>
            ) : r.review_refusal === null ? (
              <ReviewForm leadId={lead.id} vendorId={r.vendor_id} vendorName={r.vendor_name} statusKey={statusKey} />
            ) : (
              <p className="text-sm text-ink-600">
                You can review {r.vendor_name} once they have contacted you, or from {lead.rental_start_date} on.
              </p>
            )}
          </div>
        ))}
      </div>
    </section>
  );
}
