import type { SupabaseClient } from "@supabase/supabase-js";
import { parse } from "csv-parse/sync";

export const REQUIRED_COLUMNS = ["name", "website", "phone", "email", "street", "city", "state", "zip"] as const;
export const OPTIONAL_COLUMNS = ["description", "rating", "service_zips"] as const;
export const MAX_IMPORT_ROWS = 5000;

export type ImportRow = Partial<Record<(typeof REQUIRED_COLUMNS)[number] | (typeof OPTIONAL_COLUMNS)[number], string>>;

export interface ImportResult {
  row: number;
  name: string | null;
  website: string | null;
  action: "created" | "updated" | "unchanged" | "rejected";
  reason?: string;
  vendor_id?: number;
}

/**
 * The rows of a vendor CSV (a header line naming the columns, in any order and case;
 * "service zips" and "service_zips" are the same). Throws with a clear message when a
 * required column is missing or the file is not CSV.
 */
export function parseVendorCsv(text: string): ImportRow[] {
  let records: Array<Record<string, string>>;
  try {
    records = parse(text.replace(/^\uFEFF/, ""), {
      columns: (header: string[]) => header.map((name) => name.trim().toLowerCase().replace(/[\s-]+/g, "_")),
      skipEmptyLines: true, trim: true, relaxColumnCount: false,
    });
  } catch (error) {
    throw new Error(`The file is not a readable CSV: ${(error as Error).message}`);
  }
  if (records.length === 0) throw new Error("The file has no rows");
  if (records.length > MAX_IMPORT_ROWS) throw new Error(`An import holds at most ${MAX_IMPORT_ROWS} rows`);
  const missing = REQUIRED_COLUMNS.filter((column) => !(column in records[0]));
  if (missing.length) throw new Error(`Missing column${missing.length > 1 ? "s" : ""}: ${missing.join(", ")}`);
  const known = new Set<string>([...REQUIRED_COLUMNS, ...OPTIONAL_COLUMNS]);
  return records.map((record) => Object.fromEntries(Object.entries(record).filter(([key]) => known.has(key))) as ImportRow);
}

/** Upserts the rows keyed on the normalized website; a dry run reports the same outcome and writes nothing. */
export async function importVendors(client: SupabaseClient, rows: ImportRow[], options: { dryRun: boolean; operator: string }): Promise<ImportResult[]> {
  const { data, error } = await client.rpc("operator_import_vendors", { p_rows: rows, p_dry_run: options.dryRun, p_operator: options.operator });
  if (error) throw new Error(error.message);
  return data as ImportResult[];
}

export function importSummary(results: ImportResult[]): Record<ImportResult["action"], number> {
  const summary = { created: 0, updated: 0, unchanged: 0, rejected: 0 };
  for (const result of results) summary[result.action]++;
  return summary;
}
