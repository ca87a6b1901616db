import { Pager } from "@/components/operator/pager";
import { auditPage, PAGE_SIZE, pageNumber } from "@/lib/operator/data";
import { requireOperator } from "@/lib/operator/session";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function AuditLog({ searchParams }: Props) {
  await requireOperator();
  const page = pageNumber((await searchParams).page);
  const { total, rows } = await auditPage(page);
  return (
    <section aria-labelledby="audit-heading">
      <h1 id="audit-heading" className="text-2xl font-extrabold">Audit log</h1>
      <div className="mt-4 overflow-x-auto">
        <table className="w-full text-left text-sm" data-testid="audit-table">
          <thead className="border-b border-ink-200 text-ink-600"><tr><th className="py-2 pr-3">When (UTC)</th><th className="pr-3">Who</th><th className="pr-3">Action</th><th className="pr-3">Subject</th><th>What changed</th></tr></thead>
          <tbody>
            {rows.map((entry) => (
              <tr key={entry.id} className="border-b border-ink-100 align-top">
                <td className="py-2 pr-3 whitespace-nowrap">{new Date(entry.at).toISOString().replace("T", " ").slice(0, 19)}</td>
                <td className="pr-3">{entry.operator_email}</td>
                <td className="pr-3">{entry.action}</td>
                <td className="pr-3">{entry.subject}</td>
                <td className="break-all font-mono text-xs">{Object.keys(entry.details).length ? JSON.stringify(entry.details) : ""}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager path="/operator/audit" params={{}} page={page} pageSize={PAGE_SIZE} total={total} />
    </section>
  );
}
