import { Link } from "@/components/ui/link";
import { KeysetPager } from "@/components/operator/pager";
import { DataTable } from "@/components/operator/data-table";
import { Button } from "@/components/ui/button";
import { inputClass } from "@/components/ui/form-field";
import { keysetCursor } from "@/lib/platform/paging";
import { pausedVendors, vendorPage } from "@/lib/listings/manage";
import { consoleTime } from "@/lib/platform/console-time";
import { requireOperator } from "@/lib/auth/operator-session";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function VendorsList({ searchParams }: Props) {
  await requireOperator();
  const params = await searchParams;
  const q = typeof params.q === "string" ? params.q.slice(0, 200) : "";
  const [page, paused] = await Promise.all([vendorPage(q, keysetCursor(params)), pausedVendors()]);
  const { rows } = page;
  return (
    <section aria-labelledby="vendors-heading">
      <h1 id="vendors-heading" className="text-2xl font-extrabold">
        Vendors
      </h1>
      <form method="get" className="mt-4 flex gap-2">
        <label className="sr-only" htmlFor="vendor-query">
          Search by name, city or website
        </label>
        <input
          id="vendor-query"
          name="q"
          defaultValue={q}
          placeholder="Name, city or website"
          className={`${inputClass} w-full max-w-md`}
        />
        <Button type="submit" className="h-11">
          Search
        </Button>
      </form>
      <DataTable
        testId="vendors-table"
        rows={rows}
        rowKey={(v) => v.id}
        empty="No vendor matches."
        columns={[
          {
            label: "Name",
            cell: (v) => (
              <Link href={`/operator/vendors/${v.id}`} className="font-semibold text-brand-700 hover:underline">
                {v.name}
              </Link>
            ),
          },
          { label: "City", cell: (v) => `${v.city_name}, ${v.state_code}` },
          { label: "Website", cell: (v) => v.site },
          { label: "Phone", cell: (v) => v.phone },
          {
            label: "Leads",
            cell: (v) => (
              <Link href={`/operator/leads?vendor=${v.id}`} className="text-brand-700 hover:underline">
                {v.leads}
              </Link>
            ),
          },
          { label: "Listed", cell: (v) => (v.hidden ? "hidden" : "yes") },
        ]}
      />
      <KeysetPager
        path="/operator/vendors"
        params={{ q }}
        page={page}
        rowIds={rows.map((vendor) => vendor.id)}
        labels={{ previous: "Previous", next: "Next" }}
      />
      <h2 className="mt-8 text-xl font-bold">Not receiving rental requests</h2>
      <p className="text-sm text-ink-600">
        Businesses that used “Stop sending me requests”; routing skips them until they turn requests back on.
      </p>
      <ul className="mt-2 text-sm" data-testid="paused-vendors">
        {paused.map((v) => (
          <li key={v.id}>
            <Link href={`/operator/vendors/${v.id}`} className="text-brand-700 hover:underline">
              {v.name}
            </Link>{" "}
            since {consoleTime(v.paused_at)}
          </li>
        ))}
        {paused.length === 0 && <li>None.</li>}
      </ul>
    </section>
  );
}
