import { stringify } from "csv-stringify/sync";
import { requestFilters, requestPage } from "@/lib/requests/data";
import { recipientSummary } from "@/lib/requests/format";
import { currentOperator } from "@/lib/auth/operator-session";

const COLUMNS = [
  "id",
  "completed_at",
  "name",
  "phone",
  "job_zip",
  "machine",
  "start",
  "end",
  "days",
  "vendor_page",
  "recipients",
  "delivery",
  "spam",
];

// Visitors typed the names and phones: a cell a spreadsheet would run as a formula is quoted.
const cell = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

/** The filtered leads inbox as CSV, every page of it. */
export async function GET(request: Request) {
  if (!(await currentOperator())) return new Response("Log in first", { status: 401 });
  const filters = requestFilters(Object.fromEntries(new URL(request.url).searchParams));
  const rows: string[][] = [];
  for (let after: number | undefined; ;) {
    const { rows: leads, next } = await requestPage(filters, { after }, 1000);
    for (const lead of leads) {
      rows.push([
        String(lead.id),
        lead.completed_at,
        lead.name,
        lead.phone,
        lead.location,
        lead.skid_steer_type ?? "",
        lead.rental_start_date ?? "",
        lead.rental_end_date ?? "",
        String(lead.rental_days),
        lead.vendor_name ?? "",
        lead.recipients.map(recipientSummary).join("; "),
        lead.delivery,
        lead.spam ? "yes" : "no",
      ]);
    }
    if (!next) break;
    after = leads.at(-1)!.id;
  }
  return new Response(stringify([COLUMNS, ...rows.map((row) => row.map(cell))]), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="leads-${new Date().toISOString().slice(0, 10)}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
