/**
 * npm run vendors:import -- file.csv [--dry-run]
 *
 * Upserts vendors from a CSV (name, website, phone, email, street, city, state, zip; optional
 * description, rating, service_zips), keyed on the normalized website, and prints what
 * happened to each row. --dry-run prints the same and writes nothing. Against the
 * embedded database, stop the server first.
 */
import { readFileSync } from "node:fs";
import { ImportFileError, importSummary, importVendors, parseVendorCsv, type ImportRow } from "../lib/listings/import";
import { importStoppedText, importText } from "../lib/listings/import-texts";
import { serviceRpc } from "../lib/data/rpc";

function readRows(file: string): ImportRow[] {
  try {
    return parseVendorCsv(readFileSync(file, "utf8"));
  } catch (error) {
    if (error instanceof ImportFileError) throw new Error(importText(error.problem));
    throw error;
  }
}

async function main(args: string[]): Promise<void> {
  const dryRun = args.includes("--dry-run");
  const file = args.find((arg) => !arg.startsWith("--"));
  if (!file) throw new Error("Usage: npm run vendors:import -- file.csv [--dry-run]");
  const { results, stoppedAt } = await importVendors(serviceRpc, readRows(file), {
    dryRun,
    operator: "shell",
    onProgress: (done, total) => process.stderr.write(`\r${done} of ${total} rows`),
  });
  process.stderr.write("\n");
  for (const result of results) {
    const what = dryRun
      ? { created: "would create", updated: "would update", unchanged: "unchanged", rejected: "rejected" }[result.action]
      : result.action;
    console.log(
      `row ${result.row}: ${what}${result.name ? ` ${result.name}` : ""}${result.reason ? `: ${importText(result.reason)}` : ""}`,
    );
  }
  const summary = importSummary(results);
  console.log(
    `${dryRun ? "Dry run: " : ""}${summary.created} created, ${summary.updated} updated, ${summary.unchanged} unchanged, ${summary.rejected} rejected`,
  );
  if (stoppedAt) throw new Error(importStoppedText(stoppedAt.row));
}

main(process.argv.slice(2)).then(
  () => process.exit(0),
  (error: Error) => {
    console.error(error.message);
    process.exit(1);
  },
);
