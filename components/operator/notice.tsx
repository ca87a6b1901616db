import { consoleMessage } from "@/lib/operator/messages";

type Param = string | string[] | undefined;

/** The outcome of the last action, from its code: only the console's own texts are shown. */
export function Notice({ notice, error }: { notice?: Param; error?: Param }) {
  const failure = consoleMessage("error", error);
  const done = consoleMessage("notice", notice);
  if (failure) return <p role="alert" data-testid="notice" className="mt-4 rounded-md border border-danger-600 bg-ink-50 p-3 text-sm text-danger-600">{failure}</p>;
  if (done) return <p role="status" data-testid="notice" className="mt-4 rounded-md border border-success-700 bg-ink-50 p-3 text-sm text-success-700">{done}</p>;
  return null;
}
