import { Link } from "@/components/ui/link";
import { Notice } from "@/components/operator/notice";
import { Pager } from "@/components/operator/pager";
import { RejectForm } from "@/components/operator/reject-form";
import { StatusTabs } from "@/components/operator/status-tabs";
import { Button } from "@/components/ui/button";
import { consoleTime } from "@/lib/platform/console-time";
import { approveSubmissionAction, reviewSubmissionAction } from "@/lib/submissions/actions";
import { PAGE_SIZE, pageNumber } from "@/lib/platform/paging";
import { submissionPage, SUBMISSION_STATUSES } from "@/lib/submissions/data";
import { requireOperator } from "@/lib/auth/operator-session";
import { WEBSITE_REL, websiteHref } from "@/lib/listings/website";

const STATUSES = SUBMISSION_STATUSES;

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function SubmissionsQueue({ searchParams }: Props) {
  await requireOperator();
  const params = await searchParams;
  const status = STATUSES.find((s) => s === params.status) ?? "new";
  const page = pageNumber(params.page);
  const { total, rows } = await submissionPage(status, page);
  return (
    <section aria-labelledby="submissions-heading">
      <h1 id="submissions-heading" className="text-2xl font-extrabold">
        Submitted businesses
      </h1>
      <StatusTabs path="/operator/submissions" statuses={STATUSES} current={status} label="Status" />
      <Notice notice={params.notice} error={params.error} />
      <ul className="mt-4 space-y-4">
        {rows.map((s) => (
          <li key={s.id} className="rounded-[var(--radius-card)] border border-ink-200 p-4 text-sm" data-testid="submission">
            <h2 className="text-lg font-bold">{s.name}</h2>
            <p className="mt-1">
              {s.street}, {s.city_name ?? s.city}, {s.state_code ?? s.state} {s.postal_code} · {s.phone}
              {s.email ? ` · ${s.email}` : ""}
            </p>
            <p>
              {websiteHref(s.site) ? (
                <a href={s.site} target="_blank" rel={WEBSITE_REL} className="text-brand-700 underline">
                  {s.site}
                </a>
              ) : (
                s.site
              )}{" "}
              · submitted {consoleTime(s.created_at)}
            </p>
            {(s.duplicate_vendors.length > 0 || s.duplicate_submissions.length > 0) && (
              <p className="mt-1 font-semibold text-danger-600" data-testid="duplicate-hint">
                Same website as{" "}
                {[
                  ...s.duplicate_vendors.map((v) => `listing “${v.name}”`),
                  ...s.duplicate_submissions.map((id) => `submission #${id}`),
                ].join(", ")}
              </p>
            )}
            {s.status === "new" ? (
              <div className="mt-3 flex flex-wrap items-end gap-3">
                <form action={approveSubmissionAction}>
                  <input type="hidden" name="id" value={s.id} />
                  <Button type="submit" size="sm">
                    Approve
                  </Button>
                </form>
                <RejectForm action={reviewSubmissionAction} fields={{ id: s.id, outcome: "rejected" }} />
                <form action={reviewSubmissionAction}>
                  <input type="hidden" name="id" value={s.id} />
                  <input type="hidden" name="outcome" value="duplicate" />
                  <Button type="submit" size="sm" variant="ghost">
                    Duplicate
                  </Button>
                </form>
              </div>
            ) : (
              <p className="mt-2 text-ink-600">
                {s.status} by {s.reviewed_by}
                {s.review_reason ? `: ${s.review_reason}` : ""}
                {s.vendor_id && (
                  <>
                    {" "}
                    ·{" "}
                    <Link href={`/operator/vendors/${s.vendor_id}`} className="text-brand-700 underline">
                      its listing
                    </Link>
                  </>
                )}
              </p>
            )}
          </li>
        ))}
      </ul>
      {rows.length === 0 && <p className="mt-4 text-ink-600">Nothing here.</p>}
      <Pager path="/operator/submissions" params={{ status }} page={page} pageSize={PAGE_SIZE} total={total} />
    </section>
  );
}
