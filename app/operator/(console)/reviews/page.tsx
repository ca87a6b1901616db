import { Link } from "@/components/ui/link";
import { Notice } from "@/components/operator/notice";
import { KeysetPager } from "@/components/operator/pager";
import { RejectForm } from "@/components/operator/reject-form";
import { StatusTabs } from "@/components/operator/status-tabs";
import { Stars } from "@/components/reviews/stars";
import { Button } from "@/components/ui/button";
import { vendorPath } from "@/lib/listings/ordering";
import { moderateReviewAction } from "@/lib/reviews/actions";
import { keysetCursor } from "@/lib/platform/paging";
import { REVIEW_QUEUES, reviewPage } from "@/lib/reviews/data";
import { consoleTime } from "@/lib/platform/console-time";
import { requireOperator } from "@/lib/auth/operator-session";
import { machineLabel } from "@/lib/requests/status";
import { verifiedLine } from "@/lib/reviews/format";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** Renters' reviews: the waiting ones to publish or reject, and those the business reported. */
export default async function ReviewsQueue({ searchParams }: Props) {
  await requireOperator();
  const params = await searchParams;
  const queue = REVIEW_QUEUES.find((q) => q === params.status) ?? "pending";
  const page = await reviewPage(queue, keysetCursor(params));
  const { rows } = page;
  return (
    <section aria-labelledby="reviews-heading">
      <h1 id="reviews-heading" className="text-2xl font-extrabold">
        Reviews
      </h1>
      <StatusTabs path="/operator/reviews" statuses={REVIEW_QUEUES} current={queue} label="Queue" />
      <Notice notice={params.notice} error={params.error} />
      <ul className="mt-4 space-y-4">
        {rows.map((r) => (
          <li key={r.id} className="rounded-[var(--radius-card)] border border-ink-200 p-4 text-sm wrap-anywhere" data-testid="review-row">
            <h2 className="text-lg font-bold">
              <Link href={vendorPath(r.address)} className="text-brand-700 underline">
                {r.vendor_name}
              </Link>
            </h2>
            <p className="mt-1">
              <Stars stars={r.stars} /> · {r.author} · {verifiedLine(r)} · {machineLabel(r.machine)} ·{" "}
              <Link href={`/operator/leads/${r.lead_id}`} className="text-brand-700 underline">
                request #{r.lead_id}
              </Link>{" "}
              · written {consoleTime(r.created_at)}
            </p>
            {r.held_reason && (
              <p className="mt-1 font-semibold text-danger-600" data-testid="held-reason">
                Held: {r.held_reason}
              </p>
            )}
            {r.body && <p className="mt-2 whitespace-pre-line">{r.body}</p>}
            {r.reply && <p className="mt-2 text-ink-600">Reply from the business: {r.reply}</p>}
            {r.report_reason && (
              <p className="mt-2 font-semibold" data-testid="report-reason">
                Reported by the business: {r.report_reason}
              </p>
            )}
            {queue === "pending" || queue === "reported" ? (
              <div className="mt-3 flex flex-wrap items-end gap-3">
                <form action={moderateReviewAction}>
                  <input type="hidden" name="id" value={r.id} />
                  <input type="hidden" name="outcome" value="publish" />
                  <input type="hidden" name="queue" value={queue} />
                  <Button type="submit" size="sm">
                    {queue === "pending" ? "Publish" : "Keep published"}
                  </Button>
                </form>
                <RejectForm action={moderateReviewAction} fields={{ id: r.id, outcome: "reject", queue }} />
              </div>
            ) : (
              r.reject_reason && <p className="mt-2 text-ink-600">Rejected: {r.reject_reason}</p>
            )}
          </li>
        ))}
      </ul>
      {rows.length === 0 && <p className="mt-4 text-ink-600">Nothing here.</p>}
      <KeysetPager
        path="/operator/reviews"
        params={{ status: queue }}
        page={page}
        rowIds={rows.map((review) => review.id)}
        labels={queue === "pending" ? { previous: "Earlier", next: "Later" } : { previous: "Newer", next: "Older" }}
      />
    </section>
  );
}
