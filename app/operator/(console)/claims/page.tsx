import { Link } from "@/components/ui/link";
import { Notice } from "@/components/operator/notice";
import { Pager } from "@/components/operator/pager";
import { RejectForm } from "@/components/operator/reject-form";
import { StatusTabs } from "@/components/operator/status-tabs";
import { Button } from "@/components/ui/button";
import { vendorPath } from "@/lib/listings/ordering";
import { reviewChangeAction } from "@/lib/listings/actions";
import { reviewClaimAction } from "@/lib/accounts/actions";
import { CLAIM_STATUSES, claimPage } from "@/lib/accounts/data";
import { changeRequests } from "@/lib/listings/manage";
import { PAGE_SIZE, pageNumber } from "@/lib/platform/paging";
import { consoleTime } from "@/lib/platform/console-time";
import { requireOperator } from "@/lib/auth/operator-session";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const STATUSES = CLAIM_STATUSES;

/** Claims of listings the operator decides: addresses that are not the listing's own, or later claims. */
export default async function ClaimsQueue({ searchParams }: Props) {
  await requireOperator();
  const params = await searchParams;
  const status = STATUSES.find((s) => s === params.status) ?? "new";
  const page = pageNumber(params.page);
  const [{ total, rows }, changes] = await Promise.all([claimPage(status, page), changeRequests()]);
  return (
    <section aria-labelledby="claims-heading">
      <h1 id="claims-heading" className="text-2xl font-extrabold">
        Claims
      </h1>
      <StatusTabs path="/operator/claims" statuses={STATUSES} current={status} label="Claim status" />
      <Notice notice={params.notice} error={params.error} />
      <ul className="mt-4 space-y-4">
        {rows.map((c) => (
          <li key={c.id} className="rounded-[var(--radius-card)] border border-ink-200 p-4 text-sm" data-testid="claim">
            <h2 className="text-lg font-bold">
              <Link href={vendorPath(c.vendor)} className="text-brand-700 underline">
                {c.vendor.name}
              </Link>
            </h2>
            <p className="mt-1">
              {c.name} · {c.email}
              {c.phone ? ` · ${c.phone}` : ""} · claimed {consoleTime(c.created_at)}
            </p>
            {c.note && <p className="mt-1 whitespace-pre-line text-ink-700">{c.note}</p>}
            <p className="mt-1 text-ink-600">Managed now by: {c.managers.map((m) => `${m.email} (${m.role})`).join(", ") || "nobody"}</p>
            {c.status === "new" ? (
              <div className="mt-3 flex flex-wrap items-end gap-3">
                <form action={reviewClaimAction}>
                  <input type="hidden" name="id" value={c.id} />
                  <input type="hidden" name="approve" value="true" />
                  <Button type="submit" size="sm">
                    Approve
                  </Button>
                </form>
                <RejectForm action={reviewClaimAction} fields={{ id: c.id, approve: "false" }} />
              </div>
            ) : (
              <p className="mt-2 text-ink-600">
                {c.status} by {c.reviewed_by}
                {c.review_reason ? `: ${c.review_reason}` : ""}
              </p>
            )}
          </li>
        ))}
      </ul>
      {rows.length === 0 && <p className="mt-4 text-ink-600">Nothing here.</p>}
      <Pager path="/operator/claims" params={{ status }} page={page} pageSize={PAGE_SIZE} total={total} />
      <h2 className="mt-8 text-xl font-bold">New names and websites</h2>
      <ul className="mt-2 space-y-3 text-sm">
        {changes.map((c) => (
          <li key={c.id} className="rounded-[var(--radius-card)] border border-ink-200 p-3" data-testid="change-request">
            <p>
              <Link href={vendorPath(c.vendor)} className="font-semibold text-brand-700 underline">
                {c.current.name}
              </Link>{" "}
              · asked by {c.email} · {consoleTime(c.created_at)}
            </p>
            {c.changes.name && (
              <p>
                Name: {c.current.name} → {c.changes.name}
              </p>
            )}
            {c.changes.site && (
              <p>
                Website: {c.current.site ?? "none"} → {c.changes.site}
              </p>
            )}
            <div className="mt-2 flex gap-2">
              {[true, false].map((approve) => (
                <form key={String(approve)} action={reviewChangeAction}>
                  <input type="hidden" name="id" value={c.id} />
                  <input type="hidden" name="approve" value={String(approve)} />
                  <Button type="submit" size="sm" variant={approve ? "primary" : "outline"}>
                    {approve ? "Approve change" : "Reject change"}
                  </Button>
                </form>
              ))}
            </div>
          </li>
        ))}
        {changes.length === 0 && <li className="text-ink-600">None waiting.</li>}
      </ul>
    </section>
  );
}
