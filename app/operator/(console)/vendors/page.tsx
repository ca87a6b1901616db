import Link from "next/link";
import { Pager } from "@/components/operator/pager";
import { Button } from "@/components/ui/button";
import { PAGE_SIZE, pageNumber, vendorPage } from "@/lib/operator/data";
import { requireOperator } from "@/lib/operator/session";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function VendorsList({ searchParams }: Props) {
  await requireOperator();
  const params = await searchParams;
  const q = typeof params.q === "string" ? params.q.slice(0, 200) : "";
  const page = pageNumber(params.page);
  const { total, rows } = await vendorPage(q, page);
  return (
    <section aria-labelledby="vendors-heading">
      <h1 id="vendors-heading" className="text-2xl font-extrabold">Vendors</h1>
      <form method="get" className="mt-4 flex gap-2">
        <label className="sr-only" htmlFor="vendor-query">Search by name, city or website</label>
        <input id="vendor-query" name="q" defaultValue={q} placeholder="Name, city or website" className="h-10 w-full max-w-md rounded-md border border-ink-200 px-3" />
        <Button type="submit" size="sm" className="h-10">Search</Button>
      </form>
      <div className="mt-4 overflow-x-auto">
        <table className="w-full text-left text-sm" data-testid="vendors-table">
          <thead className="border-b border-ink-200 text-ink-600">
            <tr><th className="py-2 pr-3">Name</th><th className="pr-3">City</th><th className="pr-3">Website</th><th className="pr-3">Phone</th><th className="pr-3">Leads</th><th>Listed</th></tr>
          </thead>
          <tbody>
            {rows.map((v) => (
              <tr key={v.id} className="border-b border-ink-100">
                <td className="py-2 pr-3"><Link href={`/operator/vendors/${v.id}`} className="font-semibold text-brand-700 hover:underline">{v.name}</Link></td>
                <td className="pr-3">{v.city_name}, {v.state_code}</td>
                <td className="pr-3">{v.site}</td>
                <td className="pr-3">{v.phone}</td>
                <td className="pr-3"><Link href={`/operator/leads?vendor=${v.id}`} className="text-brand-700 hover:underline">{v.leads}</Link></td>
                <td>{v.hidden ? "hidden" : "yes"}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {rows.length === 0 && <p className="mt-4 text-ink-600">No vendor matches.</p>}
      </div>
      <Pager path="/operator/vendors" params={{ q }} page={page} pageSize={PAGE_SIZE} total={total} />
    </section>
  );
}
