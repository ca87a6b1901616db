import type { ReactNode } from "react";

/** One column of a console table: its heading and what each row shows in it. */
export interface Column<T> {
  label: string;
  cell: (row: T) => ReactNode;
  className?: string;
}

/** The console's table: headings, one row per record, and a line when there is none. */
export function DataTable<T>({
  testId,
  columns,
  rows,
  rowKey,
  empty,
}: {
  testId: string;
  columns: Array<Column<T>>;
  rows: T[];
  rowKey: (row: T) => string | number;
  empty: string;
}) {
  return (
    <div className="mt-4 overflow-x-auto">
      <table className="w-full text-left text-sm" data-testid={testId}>
        <thead className="border-b border-ink-200 text-ink-600">
          <tr>
            {columns.map((column) => (
              <th key={column.label} className="py-2 pr-3">
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} className="border-b border-ink-100 align-top">
              {columns.map((column) => (
                <td key={column.label} className={`py-2 pr-3 ${column.className ?? ""}`}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {rows.length === 0 && <p className="mt-4 text-ink-600">{empty}</p>}
    </div>
  );
}
