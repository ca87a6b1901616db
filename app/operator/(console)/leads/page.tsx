import { Link } from "@/components/ui/link";
import { Notice } from "@/components/operator/notice";
import { KeysetPager } from "@/components/operator/pager";
import { DataTable } from "@/components/operator/data-table";
import { Button } from "@/components/ui/button";
import { inputClass } from "@/components/ui/form-field";
import { consoleTime } from "@/lib/platform/console-time";
import { keysetCursor } from "@/lib/platform/paging";
import { requestFilters, requestPage } from "@/lib/requests/data";
import { requireOperator } from "@/lib/auth/operator-session";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const input = `${inputClass} mt-1 block w-full font-normal`;

export default async function LeadsInbox({ searchParams }: Props) {
  await requireOperator();
  const params = await searchParams;
  const filters = requestFilters(params);
  const page = await requestPage(filters, keysetCursor(params));
  const { rows } = page;
  const query = new URLSearchParams(Object.entries(filters).filter((e): e is [string, string] => Boolean(e[1])));
  return (
    <section aria-labelledby="leads-heading">
      <h1 id="leads-heading" className="text-2xl font-extrabold">
        Rental requests
      </h1>
      <Notice notice={params.notice} error={params.error} />
      <form
        method="get"
        className="mt-4 grid gap-3 rounded-[var(--radius-card)] border border-ink-200 p-4 text-sm sm:grid-cols-4 lg:grid-cols-8"
      >
        <label className="font-semibold">
          From
          <input type="date" name="from" defaultValue={filters.from} className={input} />
        </label>
        <label className="font-semibold">
          To
          <input type="date" name="to" defaultValue={filters.to} className={input} />
        </label>
        <label className="font-semibold">
          State (slug)
          <input name="state" defaultValue={filters.state} placeholder="texas" className={input} />
        </label>
        <label className="font-semibold">
          Vendor id
          <input name="vendor" defaultValue={filters.vendor} inputMode="numeric" className={input} />
        </label>
        <label className="font-semibold">
          Job ZIP
          <input name="zip" defaultValue={filters.zip} inputMode="numeric" className={input} />
        </label>
        <label className="font-semibold">
          Delivery
          <select name="delivery" defaultValue={filters.delivery ?? ""} className={input}>
            <option value="">Any</option>
            <option value="pending">Pending</option>
            <option value="sent">Sent</option>
            <option value="failed">Failed</option>
            <option value="none">No recipient</option>
          </select>
        </label>
        <label className="font-semibold">
          Stage
          <select name="stage" defaultValue={filters.stage ?? ""} className={input}>
            <option value="">Any</option>
            <option value="quoted">Quoted</option>
            <option value="booked">Booked</option>
          </select>
        </label>
        <label className="font-semibold">
          Spam
          <select name="spam" defaultValue={filters.spam ?? ""} className={input}>
            <option value="">Left out</option>
            <option value="include">Included</option>
            <option value="only">Only spam</option>
          </select>
        </label>
        <div className="flex items-end gap-2">
          <Button type="submit" size="sm">
            Filter
          </Button>
          <a
            href={`/operator/leads/export?${query}`}
            className="inline-flex h-9 items-center rounded-md border border-ink-200 px-3 font-semibold hover:bg-ink-50"
          >
            CSV
          </a>
        </div>
      </form>
      <DataTable
        testId="leads-table"
        rows={rows}
        rowKey={(lead) => lead.id}
        empty="No rental requests match."
        columns={[
          {
            label: "#",
            cell: (lead) => (
              <Link href={`/operator/leads/${lead.id}`} className="font-semibold text-brand-700 hover:underline">
                {lead.id}
              </Link>
            ),
          },
          { label: "Completed", cell: (lead) => consoleTime(lead.completed_at), className: "whitespace-nowrap" },
          {
            label: "Name",
            cell: (lead) => (
              <>
                {lead.name}
                {lead.spam && <span className="ml-2 rounded bg-ink-100 px-1 text-xs">spam</span>}
              </>
            ),
          },
          { label: "Job ZIP", cell: (lead) => lead.location },
          { label: "Dates", cell: (lead) => `${lead.rental_start_date} → ${lead.rental_end_date}` },
          { label: "Recipients", cell: (lead) => lead.recipients.map((r) => r.vendor_name).join(", ") || "none" },
          { label: "Delivery", cell: (lead) => lead.delivery },
        ]}
      />
      <KeysetPager
        path="/operator/leads"
        params={Object.fromEntries(query)}
        page={page}
        rowIds={rows.map((lead) => lead.id)}
        labels={{ previous: "Newer", next: "Older" }}
      />
    </section>
  );
}
