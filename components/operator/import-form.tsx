"use client";
import { useActionState, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { importVendorsAction } from "@/lib/listings/actions";
import { MAX_IMPORT_BYTES } from "@/lib/listings/import-limits";
import { importStoppedText, importText, isImportCode } from "@/lib/listings/import-texts";

type ImportState = Awaited<ReturnType<typeof importVendorsAction>> | null;

/** The file's problem, or why the import could not run, in words. */
function failureText(state: ImportState): string | null {
  if (!state || state.ok) return state?.data.stoppedAtRow ? importStoppedText(state.data.stoppedAtRow) : null;
  return isImportCode(state.refusal)
    ? importText({ code: state.refusal, values: state.values })
    : "The import could not run. Please try again.";
}

/** The CSV upload, with the outcome of each row shown under it. */
export function ImportForm() {
  const [state, action, pending] = useActionState((_previous: ImportState, form: FormData) => importVendorsAction(form), null);
  // The server refuses a body over its limit before the action runs; say why here first.
  const [tooLarge, setTooLarge] = useState(false);
  const checkSize = (event: FormEvent<HTMLFormElement>) => {
    const file = new FormData(event.currentTarget).get("file");
    const over = file instanceof File && file.size > MAX_IMPORT_BYTES;
    setTooLarge(over);
    if (over) event.preventDefault();
  };
  const error = tooLarge ? importText({ code: "import-too-large", values: [] }) : failureText(state);
  const done = state?.ok ? state.data : null;
  return (
    <div>
      <form action={action} onSubmit={checkSize} className="mt-4 flex flex-wrap items-end gap-4 text-sm">
        <label className="min-w-0 max-w-full font-semibold">
          CSV file
          <input name="file" type="file" accept=".csv,text/csv" required className="mt-1 block max-w-full" />
        </label>
        <label className="flex items-center gap-2 font-semibold">
          <input name="dry_run" type="checkbox" /> Dry run (write nothing)
        </label>
        <Button type="submit" disabled={pending}>
          {pending ? "Importing…" : "Import"}
        </Button>
      </form>
      {error && (
        <p role="alert" className="mt-4 text-sm text-danger-600">
          {error}
        </p>
      )}
      {!tooLarge && done && (
        <div className="mt-4 text-sm">
          <p role="status" className="font-semibold" data-testid="import-summary">
            {done.dryRun ? "Dry run: " : ""}
            {done.summary.created} created, {done.summary.updated} updated, {done.summary.unchanged} unchanged, {done.summary.rejected}{" "}
            rejected
          </p>
          <table className="mt-2 w-full text-left">
            <thead className="border-b border-ink-200 text-ink-600">
              <tr>
                <th className="py-1 pr-3">Row</th>
                <th className="pr-3">Name</th>
                <th className="pr-3">Outcome</th>
                <th>Reason</th>
              </tr>
            </thead>
            <tbody>
              {done.results.map((r) => (
                <tr key={r.row} className="border-b border-ink-100">
                  <td className="py-1 pr-3">{r.row}</td>
                  <td className="pr-3">{r.name}</td>
                  <td className="pr-3">{r.action}</td>
                  <td>{r.reason && importText(r.reason)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
