import { ActionNotice } from "@/components/ui/action-notice";
import { businessMessage } from "@/lib/messages/business";

type Param = string | string[] | undefined;

/** The outcome of the last action on a business page, from its code. */
export function BusinessNotice({ notice, error }: { notice?: Param; error?: Param }) {
  return <ActionNotice error={businessMessage("error", error)} notice={businessMessage("notice", notice)} />;
}
