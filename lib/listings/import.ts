import { parse } from "csv-parse/sync";
import { z } from "zod";
import type { Caller } from "../data/rpc";
import { RATE_COLUMNS, rateCardFromCsv } from "../prices/rate-card-form";

export const REQUIRED_COLUMNS = ["name", "website", "phone", "email", "street", "city", "state", "zip"] as const;
export const OPTIONAL_COLUMNS = ["description", "rating", "service_zips", ...RATE_COLUMNS] as const;
export const MAX_IMPORT_ROWS = 5000;
/**
 * Rows per database call. Each batch is one short transaction (up to 7 ms a row, for a
 * listing serving a big city's ZIP codes), within 100 ms, so a public read never waits behind
 * an import for long, and a failure leaves no half-imported batch.
 */
export const IMPORT_BATCH_ROWS = 10;

export type ImportRow = Partial<Record<(typeof REQUIRED_COLUMNS)[number] | (typeof OPTIONAL_COLUMNS)[number], string>>;

/** Why a row, or a whole file, was not imported: a code, and the values its text names (lib/listings/import-texts.ts). */
export interface ImportProblem {
  code: ImportCode;
  values: string[];
}

const IMPORT_ROW_CODES = [
  "import-name",
  "import-website",
  "import-phone",
  "import-email",
  "import-street",
  "import-state",
  "import-city",
  "import-zip",
  "import-rating",
  "import-description",
  "import-service-zip",
  "import-rates",
  "import-repeat",
] as const;
type ImportFileCode = "import-file" | "import-too-large" | "import-csv" | "import-empty" | "import-rows" | "import-columns";
export type ImportCode = (typeof IMPORT_ROW_CODES)[number] | ImportFileCode;

/** A file that cannot be imported at all. */
export class ImportFileError extends Error {
  constructor(readonly problem: ImportProblem) {
    super(problem.code);
  }
}

const fileProblem = (code: ImportFileCode, values: string[] = []) => new ImportFileError({ code, values });

export interface ImportResult {
  row: number;
  name: string | null;
  website: string | null;
  action: "created" | "updated" | "unchanged" | "rejected";
  reason?: ImportProblem;
  vendor_id?: number;
}

/** What the database did with each row of a batch (operator_import_batch), in the batch's order. */
const importOutcomesSchema = z.array(
  z.object({
    action: z.enum(["created", "updated", "unchanged", "rejected"]),
    reason: z.enum(IMPORT_ROW_CODES).optional(),
    values: z.array(z.string()).default([]),
    vendor_id: z.number().optional(),
  }),
);

/**
 * The rows of a vendor CSV (a header line naming the columns, in any order and case;
 * "service zips" and "service_zips" are the same). Throws an ImportFileError when a
 * required column is missing or the file is not CSV.
 */
export function parseVendorCsv(text: string): ImportRow[] {
  let records: Array<Record<string, string>>;
  try {
    records = parse(text.replace(/^\uFEFF/, ""), {
      columns: (header: string[]) =>
        header.map((name) =>
          name
            .trim()
            .toLowerCase()
            .replace(/[\s-]+/g, "_"),
        ),
      skipEmptyLines: true,
      trim: true,
      relaxColumnCount: false,
    });
  } catch (error) {
    throw fileProblem("import-csv", [(error as Error).message]);
  }
  if (records.length === 0) throw fileProblem("import-empty");
  if (records.length > MAX_IMPORT_ROWS) throw fileProblem("import-rows", [String(MAX_IMPORT_ROWS)]);
  const missing = REQUIRED_COLUMNS.filter((column) => !(column in records[0]));
  if (missing.length) throw fileProblem("import-columns", missing);
  const known = new Set<string>([...REQUIRED_COLUMNS, ...OPTIONAL_COLUMNS]);
  return records.map((record) => Object.fromEntries(Object.entries(record).filter(([key]) => known.has(key))) as ImportRow);
}

/** The key rows are matched on, as SQL's website_key(normalize_website(…)) computes it. */
function websiteKey(site: string | undefined): string | null {
  const match = /^(?:https?:\/\/)?(?:www\.)?([^/?#\s]+)/i.exec(site?.trim() ?? "");
  return match ? match[1].toLowerCase().replace(/\.$/, "") : null;
}

export interface ImportOutcome {
  results: ImportResult[];
  /** Set when a batch failed: the rows before it were imported (or dry-run), the rest were not. */
  stoppedAt?: { row: number; message: string };
}

/**
 * Upserts the rows keyed on the normalized website, batch by batch; a dry run reports the
 * same outcome and writes nothing. A website that repeats an earlier row of the file is
 * rejected, so a dry run and a real run agree row for row. `onProgress` hears the number
 * of rows done after each batch.
 */
export async function importVendors(
  call: Caller,
  rows: ImportRow[],
  options: { dryRun: boolean; operator: string; onProgress?: (done: number, total: number) => void },
): Promise<ImportOutcome> {
  const results: ImportResult[] = [];
  const firstRowOf = new Map<string, number>();
  const pending: Array<{ row: number; data: { name?: string; website?: string; [column: string]: unknown } }> = [];
  rows.forEach((data, index) => {
    const row = index + 1;
    const key = websiteKey(data.website);
    const earlier = key ? firstRowOf.get(key) : undefined;
    const rates = rateCardFromCsv(data);
    const reject = (reason: ImportProblem) =>
      results.push({ row, name: data.name ?? null, website: data.website ?? null, action: "rejected", reason });
    if (earlier !== undefined) reject({ code: "import-repeat", values: [String(earlier)] });
    else if (rates && "problem" in rates) reject({ code: "import-rates", values: [rates.problem] });
    else {
      if (key) firstRowOf.set(key, row);
      const vendor = Object.fromEntries(Object.entries(data).filter(([column]) => !(RATE_COLUMNS as readonly string[]).includes(column)));
      pending.push({ row, data: rates ? { ...vendor, rate_card: rates.card } : vendor });
    }
  });
  let stoppedAt: ImportOutcome["stoppedAt"];
  for (let start = 0; start < pending.length; start += IMPORT_BATCH_ROWS) {
    const batch = pending.slice(start, start + IMPORT_BATCH_ROWS);
    try {
      const outcomes = await call(
        "operator_import_batch",
        { p_rows: batch.map((item) => item.data), p_dry_run: options.dryRun },
        importOutcomesSchema,
      );
      outcomes.forEach(({ reason, values, ...outcome }, i) =>
        results.push({
          row: batch[i].row,
          name: batch[i].data.name ?? null,
          website: batch[i].data.website ?? null,
          ...outcome,
          ...(reason ? { reason: { code: reason, values } } : {}),
        }),
      );
    } catch (error) {
      stoppedAt = { row: batch[0].row, message: (error as Error).message };
      break;
    }
    options.onProgress?.(Math.min(start + IMPORT_BATCH_ROWS, pending.length), pending.length);
  }
  results.sort((a, b) => a.row - b.row);
  if (!options.dryRun) {
    await call("operator_audit_event", {
      p_operator: options.operator,
      p_action: "import",
      p_subject: `${rows.length} rows`,
      p_details: { ...importSummary(results), ...(stoppedAt ? { stopped_at_row: stoppedAt.row } : {}) },
    });
  }
  return { results, stoppedAt };
}

export function importSummary(results: ImportResult[]): Record<ImportResult["action"], number> {
  const summary = { created: 0, updated: 0, unchanged: 0, rejected: 0 };
  for (const result of results) summary[result.action]++;
  return summary;
}
