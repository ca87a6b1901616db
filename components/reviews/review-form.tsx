import { Button } from "@/components/ui/button";
import { saveReviewAction } from "@/lib/reviews/actions";
import { MAX_REVIEW_LENGTH } from "@/lib/reviews/types";

type Props = {
  leadId: number;
  vendorId: number;
  vendorName: string;
  statusKey: string | null;
  /** The review being edited; none for a new one. */
  review?: { stars: number; body: string | null };
};

/** The renter's review of one vendor: 1 to 5 stars and an optional text. Works without JavaScript. */
export function ReviewForm({ leadId, vendorId, vendorName, statusKey, review }: Props) {
  const id = `review-${vendorId}`;
  return (
    <form action={saveReviewAction} className="mt-3 rounded-[var(--radius-card)] border border-ink-200 p-4" data-testid="review-form">
      <input type="hidden" name="lead_id" value={leadId} />
      <input type="hidden" name="vendor_id" value={vendorId} />
      <input type="hidden" name="edit" value={review ? "1" : "0"} />
      {statusKey && <input type="hidden" name="key" value={statusKey} />}
      <fieldset>
        <legend className="font-semibold">How was {vendorName}?</legend>
        <div className="mt-2 flex flex-wrap gap-x-4 gap-y-2">
          {[1, 2, 3, 4, 5].map((stars) => (
            <label key={stars} className="inline-flex min-h-11 items-center gap-2">
              <input type="radio" name="stars" value={stars} required defaultChecked={review?.stars === stars} className="size-5" />
              {stars} star{stars === 1 ? "" : "s"}
            </label>
          ))}
        </div>
      </fieldset>
      <label htmlFor={`${id}-body`} className="mt-3 block font-semibold">
        Your review (optional)
      </label>
      <textarea
        id={`${id}-body`}
        name="body"
        rows={4}
        maxLength={MAX_REVIEW_LENGTH}
        defaultValue={review?.body ?? ""}
        className="mt-1 block w-full rounded-md border border-ink-200 p-3"
      />
      <p className="mt-1 text-sm text-ink-600">
        Your first name and initial are shown with it. Please leave out links, emails and phone numbers.
      </p>
      <Button type="submit" className="mt-3">
        {review ? "Save my review" : "Post my review"}
      </Button>
    </form>
  );
}
