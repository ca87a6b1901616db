"use server";
import { attempt, rpcAllRows, serviceRpc } from "../data/rpc";
import { SUBMISSION_REFUSALS } from "./messages";
import { businessActionSchema } from "./schema";
import { namedPlaceSchema } from "../directory/types";
import { fieldErrorsOf, tooLarge, type ActionResult } from "../platform/action-result";
import { clientKey } from "../platform/request";

const FAILURE = "There was a problem submitting your business. Please try again.";

export async function submitBusiness(input: unknown): Promise<ActionResult> {
  const parsed = tooLarge(input) ? null : businessActionSchema.safeParse(input);
  if (!parsed?.success) return { ok: false, message: FAILURE, fieldErrors: parsed ? fieldErrorsOf(parsed.error.issues) : undefined };
  const v = parsed.data;
  // Only bots fill in the hidden field: accept quietly, store nothing.
  if (v.company_fax) return { ok: true };
  const key = await clientKey();
  const call = await attempt(
    () =>
      serviceRpc("submit_vendor", {
        p_name: v.name,
        p_site: v.website,
        p_phone: v.phone,
        p_address: v.address,
        p_state: v.state,
        p_city: v.city,
        p_zipcode: v.zipcode,
        p_client_key: key,
        p_email: v.email || null,
      }),
    "Business submission",
  );
  if (!call?.ok) {
    // The toast always carries the generic message; a duplicate website or the daily
    // limit also says what happened, beside the field or the form.
    if (call?.refusal === "website-submitted")
      return { ok: false, message: FAILURE, fieldErrors: { website: SUBMISSION_REFUSALS[call.refusal] } };
    if (call?.refusal === "limit-submission")
      return { ok: false, message: FAILURE, fieldErrors: { form: SUBMISSION_REFUSALS[call.refusal] } };
    return { ok: false, message: FAILURE };
  }
  return { ok: true };
}

/** Cities of a US state, by name, for the form's city choice. */
export async function citiesForState(stateSlug: unknown): Promise<Array<{ name: string; slug: string }>> {
  if (typeof stateSlug !== "string" || !/^[a-z-]{2,60}$/.test(stateSlug)) return [];
  return rpcAllRows("state_cities", { p_state_slug: stateSlug }, { row: namedPlaceSchema });
}
