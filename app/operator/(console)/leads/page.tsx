import Link from "next/link";
import { Notice } from "@/components/operator/notice";
import { Pager } from "@/components/operator/pager";
import { Button } from "@/components/ui/button";
import { leadFilters, leadPage, PAGE_SIZE, pageNumber } from "@/lib/operator/data";
import { requireOperator } from "@/lib/operator/session";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const input = "mt-1 block h-10 w-full rounded-md border border-ink-200 px-2 font-normal";

export default async function LeadsInbox({ searchParams }: Props) {
  await requireOperator();
  const params = await searchParams;
  const filters = leadFilters(params);
  const page = pageNumber(params.page);
  const { total, rows } = await leadPage(filters, page);
  const query = new URLSearchParams(Object.entries(filters).filter((e): e is [string, string] => Boolean(e[1])));
  return (
    <section aria-labelledby="leads-heading">
      <h1 id="leads-heading" className="text-2xl font-extrabold">Rental requests</h1>
      <Notice notice={params.notice} error={params.error} />
      <form method="get" className="mt-4 grid gap-3 rounded-[var(--radius-card)] border border-ink-200 p-4 text-sm sm:grid-cols-4 lg:grid-cols-8">
        <label className="font-semibold">From<input type="date" name="from" defaultValue={filters.from} className={input} /></label>
        <label className="font-semibold">To<input type="date" name="to" defaultValue={filters.to} className={input} /></label>
        <label className="font-semibold">State (slug)<input name="state" defaultValue={filters.state} placeholder="texas" className={input} /></label>
        <label className="font-semibold">Vendor id<input name="vendor" defaultValue={filters.vendor} inputMode="numeric" className={input} /></label>
        <label className="font-semibold">Job ZIP<input name="zip" defaultValue={filters.zip} inputMode="numeric" className={input} /></label>
        <label className="font-semibold">Delivery
          <select name="delivery" defaultValue={filters.delivery ?? ""} className={input}>
            <option value="">Any</option><option value="pending">Pending</option><option value="sent">Sent</option>
            <option value="failed">Failed</option><option value="none">No recipient</option>
          </select>
        </label>
        <label className="font-semibold">Spam
          <select name="spam" defaultValue={filters.spam ?? ""} className={input}>
            <option value="">Left out</option><option value="include">Included</option><option value="only">Only spam</option>
          </select>
        </label>
        <div className="flex items-end gap-2">
          <Button type="submit" size="sm">Filter</Button>
          <a href={`/operator/leads/export?${query}`} className="inline-flex h-9 items-center rounded-md border border-ink-200 px-3 font-semibold hover:bg-ink-50">CSV</a>
        </div>
      </form>
      <div className="mt-4 overflow-x-auto">
        <table className="w-full text-left text-sm" data-testid="leads-table">
          <thead className="border-b border-ink-200 text-ink-600">
            <tr><th className="py-2 pr-3">#</th><th className="pr-3">Completed</th><th className="pr-3">Name</th><th className="pr-3">Job ZIP</th>
              <th className="pr-3">Dates</th><th className="pr-3">Recipients</th><th className="pr-3">Delivery</th></tr>
          </thead>
          <tbody>
            {rows.map((lead) => (
              <tr key={lead.id} className="border-b border-ink-100">
                <td className="py-2 pr-3"><Link href={`/operator/leads/${lead.id}`} className="font-semibold text-brand-700 hover:underline">{lead.id}</Link></td>
                <td className="pr-3">{new Date(lead.completed_at).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" })}</td>
                <td className="pr-3">{lead.name}{lead.spam && <span className="ml-2 rounded bg-ink-100 px-1 text-xs">spam</span>}</td>
                <td className="pr-3">{lead.location}</td>
                <td className="pr-3">{lead.rental_start_date} → {lead.rental_end_date}</td>
                <td className="pr-3">{lead.recipients.map((r) => r.vendor_name).join(", ") || "none"}</td>
                <td className="pr-3">{lead.delivery}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {rows.length === 0 && <p className="mt-4 text-ink-600">No rental requests match.</p>}
      </div>
      <Pager path="/operator/leads" params={Object.fromEntries(query)} page={page} pageSize={PAGE_SIZE} total={total} />
    </section>
  );
}
