"use client";
import { useCallback, useEffect, useRef, useState } from "react";
import { startRequest } from "@/lib/requests/actions";
import { RENTAL_REFUSALS } from "@/lib/requests/messages";
import { RequestDraft, type Step } from "./lead-draft";

const START_FAILURE = "Could not start the request";

/** The browser's owner token, set as a cookie before the draft starts (lib/requests/owner.ts says why). Its failure is the draft's to report. */
const requestOwnerToken = () => fetch("/api/lead-owner", { method: "POST" }).catch(() => undefined);

/**
 * A rental request's draft, from the dialog's opening to its sending: opening creates the
 * draft lead once, each step's change is saved to it (a change made before it exists is
 * saved as soon as it does), and `clear` forgets it once the request is sent.
 */
export function useLeadDraft({ open, vendorId }: { open: boolean; vendorId: number | null }) {
  const [draft] = useState(() => new RequestDraft());
  const [leadId, setLeadId] = useState<number | null>(null);
  const [startError, setStartError] = useState<string | null>(null);
  const creating = useRef(false);

  useEffect(() => {
    if (!open || leadId !== null || creating.current) return;
    creating.current = true;
    setStartError(null);
    requestOwnerToken()
      .then(() => startRequest({ vendorId }))
      .then(
        (result) => {
          if (result.ok) {
            setLeadId(result.data.leadId);
            draft.attach(result.data.leadId);
          } else setStartError(result.refusal === "limit-lead" ? RENTAL_REFUSALS["limit-lead"] : START_FAILURE);
        },
        () => setStartError(START_FAILURE),
      )
      .finally(() => {
        creating.current = false;
      });
  }, [open, leadId, vendorId, draft]);

  const save = useCallback((step: Step, change: Record<string, string | boolean>) => draft.save(step, change), [draft]);
  const clear = useCallback(() => {
    setLeadId(null);
    draft.clear();
  }, [draft]);
  return { leadId, startError, save, clear };
}
