import { ActionNotice } from "@/components/ui/action-notice";
import { consoleMessage } from "@/lib/messages/console";

type Param = string | string[] | undefined;

/** The outcome of the last console action, from its code: only the console's own texts are shown. */
export function Notice({ notice, error }: { notice?: Param; error?: Param }) {
  return <ActionNotice error={consoleMessage("error", error)} notice={consoleMessage("notice", notice)} />;
}
