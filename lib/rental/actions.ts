"use server";
import { after } from "next/server";
import { z } from "zod";
import { hashToken } from "../auth/token";
import { wakeOutbox } from "../outbox/sender";
import { clientAction, formAction, formField } from "../platform/action";
import { clientKey } from "../platform/request";
import { recordId } from "../platform/record-id";
import { completeLead as completeLeadCall, createLead, saveDraft, withdrawLead } from "./data";
import { ownerToken, renter } from "./owner";
import { leadCompletionSchema, leadDraftSchema, leadStartSchema } from "./schema";
import { requestStatusPath, statusKey } from "./status-link";

// The rental dialog's actions answer it with a code (lib/rental/messages.ts has the words);
// the status page's withdrawal goes back to the page.

/** Creates the draft lead when the dialog opens (making the browser's owner token if it has none). Returns its id. */
export const startLead = clientAction("Lead draft creation", {
  audience: () => ownerToken(true),
  input: leadStartSchema,
  invalid: "lead-invalid",
  call: async ({ vendorId }, token) => createLead(token, await clientKey(), vendorId),
  done: (leadId) => ({ leadId }),
});

/** Saves one step's or field's change to the draft. Failures are only logged. */
export const saveLeadDraft = clientAction("Lead draft update", {
  audience: renter,
  input: leadDraftSchema,
  invalid: "lead-invalid",
  fieldOf: { "job-zip": "job_zip" },
  call: (draft, token) => saveDraft(draft, token),
  done: () => null,
});

/**
 * Completes the lead: step 3, the dates, rental_days, the job ZIP, completed; the
 * database routes it to its vendors and queues their messages, sent right after.
 */
export const completeLead = clientAction("Lead completion", {
  audience: renter,
  input: leadCompletionSchema,
  invalid: "lead-invalid",
  fieldOf: { "job-zip": "job_zip" },
  // The hidden honeypot field is only ever filled in by bots: accept quietly, store nothing.
  call: async (lead, token) => (lead.website ? null : completeLeadCall(lead, token, Boolean(process.env.LEAD_WEBHOOK_URL))),
  done: (completed) => {
    if (completed) after(() => wakeOutbox());
    return { rentalDays: completed?.rental_days ?? 0, recipients: completed?.recipients ?? 0 };
  },
});

/**
 * Withdraws the renter's own request from its status page (this browser's, or opened by the
 * emailed status link, whose key the form carries): unsent messages are cancelled. The page
 * says it is withdrawn (?withdrawn=1); a refusal leaves the page as it was.
 */
export const withdrawLeadAction = formAction(null, {
  audience: renter,
  input: z.object({ id: formField.id("no-request"), key: z.unknown().optional().transform(statusKey) }),
  invalid: "no-request",
  home: ({ id, key }) => {
    const lead = recordId(id);
    return { page: lead ? requestStatusPath(lead, statusKey(key)) : "/" };
  },
  call: ({ id, key }, token) => withdrawLead(id, { ownerToken: token, linkHash: key && hashToken(key) }),
  back: ({ id, key }, done) => ({ page: requestStatusPath(id, key), params: done === null ? undefined : { withdrawn: "1" }, notice: null }),
});
