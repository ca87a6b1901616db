import { DataTable } from "@/components/operator/data-table";
import { KeysetPager } from "@/components/operator/pager";
import { consoleTime } from "@/lib/platform/console-time";
import { auditPage } from "@/lib/accounts/data";
import { keysetCursor } from "@/lib/platform/paging";
import { requireOperator } from "@/lib/auth/operator-session";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function AuditLog({ searchParams }: Props) {
  await requireOperator();
  const page = await auditPage(keysetCursor(await searchParams));
  const { rows } = page;
  return (
    <section aria-labelledby="audit-heading">
      <h1 id="audit-heading" className="text-2xl font-extrabold">
        Audit log
      </h1>
      <DataTable
        testId="audit-table"
        rows={rows}
        rowKey={(entry) => entry.id}
        empty="Nothing has been recorded yet."
        columns={[
          { label: "When (UTC)", cell: (entry) => consoleTime(entry.at), className: "whitespace-nowrap" },
          { label: "Who", cell: (entry) => entry.operator_email },
          { label: "Action", cell: (entry) => entry.action },
          { label: "Subject", cell: (entry) => entry.subject },
          {
            label: "What changed",
            cell: (entry) => (Object.keys(entry.details).length ? JSON.stringify(entry.details) : ""),
            className: "break-all font-mono text-xs",
          },
        ]}
      />
      <KeysetPager
        path="/operator/audit"
        params={{}}
        page={page}
        rowIds={rows.map((entry) => entry.id)}
        labels={{ previous: "Newer", next: "Older" }}
      />
    </section>
  );
}
