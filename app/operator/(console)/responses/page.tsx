import { Link } from "@/components/ui/link";
import { DataTable } from "@/components/operator/data-table";
import { requireOperator } from "@/lib/auth/operator-session";
import { consoleTime } from "@/lib/platform/console-time";
import { responseRules } from "@/lib/requests/data";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** "12.345": the listing after which the next page of response rates starts. */
function afterOf(value: string | string[] | undefined): { rate: number; id: number } | null {
  const match = /^(\d{1,3})\.(\d{1,15})$/.exec(Array.isArray(value) ? (value[0] ?? "") : (value ?? ""));
  return match ? { rate: Number(match[1]), id: Number(match[2]) } : null;
}

/** The response rules as the operator follows them: listings by response rate, lowest first, and the requests handed on. */
export default async function ResponsesPage({ searchParams }: Props) {
  await requireOperator();
  const params = await searchParams;
  const { vendors, more, handed } = await responseRules(afterOf(params.after));
  const last = vendors.at(-1);
  return (
    <section aria-labelledby="responses-heading">
      <h1 id="responses-heading" className="text-2xl font-extrabold">
        Responses
      </h1>
      <p className="mt-2 text-sm text-ink-600">
        Each vendor has 4 of its business hours to answer a request; a silent vendor&apos;s request goes to the next vendor near the job
        site (at most 6 in all). Rates count the requests due in the last 90 days, from 5.
      </p>
      <h2 className="mt-6 text-xl font-bold">Listings by response rate, lowest first</h2>
      <DataTable
        testId="response-rates"
        rows={vendors}
        rowKey={(v) => v.id}
        empty="No listing has had 5 requests due yet."
        columns={[
          {
            label: "Listing",
            cell: (v) => (
              <Link href={`/operator/vendors/${v.id}`} className="font-semibold text-brand-700 hover:underline">
                {v.name}
              </Link>
            ),
          },
          { label: "Responds to", cell: (v) => `${v.rate} %` },
          { label: "Requests due", cell: (v) => v.count },
          { label: "Median response", cell: (v) => (v.hours === null ? "" : `${v.hours} h`) },
        ]}
      />
      {more && last && (
        <p className="mt-2">
          <Link href={`/operator/responses?after=${last.rate}.${last.id}`} className="text-brand-700 underline">
            Next listings
          </Link>
        </p>
      )}
      <h2 className="mt-8 text-xl font-bold">Requests handed on</h2>
      <DataTable
        testId="handed-on"
        rows={handed}
        rowKey={(h) => `${h.lead_id}-${h.to}-${h.at}`}
        empty="No request has been handed on."
        columns={[
          {
            label: "Request",
            cell: (h) => (
              <Link href={`/operator/leads/${h.lead_id}`} className="font-semibold text-brand-700 hover:underline">
                #{h.lead_id}
              </Link>
            ),
          },
          { label: "When", cell: (h) => consoleTime(h.at) },
          { label: "From", cell: (h) => h.from ?? "" },
          { label: "Why", cell: (h) => (h.why === "silent" ? "No answer in 4 business hours" : "Not available") },
          { label: "To", cell: (h) => h.to },
        ]}
      />
    </section>
  );
}
