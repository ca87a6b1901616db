"use server";
import { after } from "next/server";
import { z } from "zod";
import { redirect } from "next/navigation";
import { recordId } from "../platform/record-id";
import { attempt, serviceRpc } from "../data/rpc";
import { wakeOutbox } from "../outbox/sender";
import { hashToken } from "../auth/token";
import { ownerToken } from "./owner";
import { requestStatusPath, statusKey } from "./status-link";
import { RENTAL_REFUSALS } from "./messages";
import { leadCompletionSchema, leadDraftSchema, leadStartSchema } from "./schema";
import { fieldErrorsOf, tooLarge, type ActionResult } from "../platform/action-result";
import { clientKey } from "../platform/request";

const SUBMIT_FAILURE = "There was a problem submitting your request. Please try again.";

/** Creates the draft lead when the dialog opens. Returns its id. */
export async function startLead(input: unknown): Promise<ActionResult<{ leadId: number }>> {
  const parsed = tooLarge(input) ? null : leadStartSchema.safeParse(input);
  if (!parsed?.success) return { ok: false, message: "Invalid request" };
  const token = await ownerToken(true);
  const key = await clientKey();
  const call = await attempt(
    () => serviceRpc("create_lead", { p_owner_token: token, p_client_key: key, p_vendor_id: parsed.data.vendorId }, z.number()),
    "Lead draft creation",
  );
  if (!call?.ok)
    return { ok: false, message: call?.refusal === "limit-lead" ? RENTAL_REFUSALS["limit-lead"] : "Could not start the request" };
  return { ok: true, data: { leadId: call.data } };
}

/** Saves one step's or field's change to the draft. Failures are only logged. */
export async function saveLeadDraft(input: unknown): Promise<ActionResult> {
  const parsed = tooLarge(input) ? null : leadDraftSchema.safeParse(input);
  if (!parsed?.success)
    return { ok: false, message: "Invalid request", fieldErrors: parsed ? fieldErrorsOf(parsed.error.issues) : undefined };
  const draft = parsed.data;
  const token = await ownerToken(false);
  const call = await attempt(
    () =>
      serviceRpc("update_lead", {
        p_lead_id: draft.leadId,
        p_owner_token: token,
        p_step: draft.step,
        p_skid_steer_type: draft.skid_steer_type ?? null,
        p_rental_start_date: draft.rental_start_date ?? null,
        p_rental_end_date: draft.rental_end_date ?? null,
        p_name: draft.name ?? null,
        p_phone: draft.phone ?? null,
        p_location: draft.job_zip ?? null,
        p_widen: draft.widen ?? null,
      }),
    "Lead draft update",
  );
  if (!call?.ok) {
    return call?.refusal === "job-zip"
      ? { ok: false, message: RENTAL_REFUSALS["job-zip"], fieldErrors: { job_zip: RENTAL_REFUSALS["job-zip"] } }
      : { ok: false, message: "The draft could not be saved" };
  }
  return { ok: true };
}

/**
 * Completes the lead: step 3, the dates, rental_days, the job ZIP, completed; the
 * database routes it to its vendors and queues their messages, sent right after.
 */
export async function completeLead(input: unknown): Promise<ActionResult<{ rentalDays: number; recipients: number }>> {
  const parsed = tooLarge(input) ? null : leadCompletionSchema.safeParse(input);
  if (!parsed?.success) {
    return { ok: false, message: SUBMIT_FAILURE, fieldErrors: parsed ? fieldErrorsOf(parsed.error.issues) : undefined };
  }
  const lead = parsed.data;
  // The hidden honeypot field is only ever filled in by bots: accept quietly, store nothing.
  if (lead.website) return { ok: true, data: { rentalDays: 0, recipients: 0 } };
  const token = await ownerToken(false);
  const call = await attempt(
    () =>
      serviceRpc(
        "complete_lead",
        {
          p_lead_id: lead.leadId,
          p_owner_token: token,
          p_skid_steer_type: lead.skid_steer_type,
          p_rental_start_date: lead.rental_start_date,
          p_rental_end_date: lead.rental_end_date,
          p_name: lead.name,
          p_phone: lead.phone,
          p_location: lead.job_zip,
          p_widen: lead.widen,
          p_webhook: Boolean(process.env.LEAD_WEBHOOK_URL),
          p_renter_email: lead.email || null,
        },
        z.object({ rental_days: z.number(), recipients: z.number() }),
      ),
    "Lead completion",
  );
  if (!call?.ok) {
    return call?.refusal === "job-zip"
      ? { ok: false, message: SUBMIT_FAILURE, fieldErrors: { job_zip: RENTAL_REFUSALS["job-zip"] } }
      : { ok: false, message: SUBMIT_FAILURE };
  }
  after(() => wakeOutbox());
  return { ok: true, data: { rentalDays: call.data.rental_days, recipients: call.data.recipients } };
}

/**
 * Withdraws the renter's own request from its status page (this browser's, or opened by the
 * emailed status link, whose key the form carries): unsent messages are cancelled.
 */
export async function withdrawLeadAction(form: FormData): Promise<void> {
  const lead = recordId(form.get("id"));
  if (lead === null) redirect("/");
  const key = statusKey(form.get("key"));
  const token = await ownerToken(false);
  const call = await attempt(
    () => serviceRpc("withdraw_lead", { p_lead_id: lead, p_owner_token: token, p_link_hash: key && hashToken(key) }),
    "Withdrawing a request",
  );
  redirect(`${requestStatusPath(lead, key)}${call?.ok ? `${key ? "&" : "?"}withdrawn=1` : ""}`);
}
