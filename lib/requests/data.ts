import "server-only";
import { z } from "zod";
import { serviceRpc } from "../data/rpc";
import { rateCardSchema } from "../prices/rate-card-schema";
import { bookingSchema } from "../quotes/quote";
import type { LeadCompletion, LeadDraft } from "./schema";

// A rental request's writes, each the one database call of its action (lib/rental/actions.ts).

/** How a renter proves a request is theirs: the browser's owner token, or the emailed status link's token hash. */
type RenterProof = { ownerToken: string | null; linkHash: string | null };

/** Creates the draft request of this browser (its owner token), from a vendor's page or not; its id. */
export const createLead = (ownerToken: string | null, clientKey: string, vendorId: number | null) =>
  serviceRpc("create_lead", { p_owner_token: ownerToken, p_client_key: clientKey, p_vendor_id: vendorId }, z.number());

/** Saves one step's or field's change to the draft. */
export const saveDraft = (draft: LeadDraft, ownerToken: string | null) =>
  serviceRpc("update_lead", {
    p_lead_id: draft.leadId,
    p_owner_token: ownerToken,
    p_step: draft.step,
    p_skid_steer_type: draft.skid_steer_type ?? null,
    p_rental_start_date: draft.rental_start_date ?? null,
    p_rental_end_date: draft.rental_end_date ?? null,
    p_name: draft.name ?? null,
    p_phone: draft.phone ?? null,
    p_location: draft.job_zip ?? null,
    p_widen: draft.widen ?? null,
  });

/** Completes the request: the database routes it to its vendors and queues their messages. */
export const completeLead = (lead: LeadCompletion, ownerToken: string | null, webhook: boolean, clientHash: string) =>
  serviceRpc(
    "complete_lead",
    {
      p_lead_id: lead.leadId,
      p_owner_token: ownerToken,
      p_skid_steer_type: lead.skid_steer_type,
      p_rental_start_date: lead.rental_start_date,
      p_rental_end_date: lead.rental_end_date,
      p_name: lead.name,
      p_phone: lead.phone,
      p_location: lead.job_zip,
      p_widen: lead.widen,
      p_webhook: webhook,
      p_renter_email: lead.email || null,
      p_consent: lead.consent ?? null,
      p_client_hash: clientHash,
    },
    z.object({ rental_days: z.number(), recipients: z.number() }),
  );

/** Withdraws the renter's request (this browser's, or the emailed link's): unsent messages are cancelled. */
export const withdrawLead = (lead: number, proof: RenterProof) =>
  serviceRpc("withdraw_lead", { p_lead_id: lead, p_owner_token: proof.ownerToken, p_link_hash: proof.linkHash });

/** Deletes the renter's own request once its rental has ended or it was withdrawn: its personal details and reviews are erased. */
export const deleteRequest = (lead: number, proof: RenterProof) =>
  serviceRpc("renter_delete_request", { p_lead_id: lead, p_owner_token: proof.ownerToken, p_link_hash: proof.linkHash });

/** The vendors a request would go to, routed as complete_lead routes it, with their rate cards and miles to the ZIP. */
export const routeRates = (zip: string, vendorId: number | null, widen: boolean) =>
  serviceRpc(
    "lead_route_rates",
    { p_zip: zip, p_vendor_id: vendorId, p_widen: widen },
    z.array(z.object({ id: z.number(), name: z.string(), miles: z.number().nullable(), rates: rateCardSchema.nullable() })),
  );

/** Books one quote of the renter's own request: of two at once, one wins (the database locks the request). */
export const bookQuote = (lead: number, quote: number, proof: RenterProof) =>
  serviceRpc(
    "renter_book_quote",
    { p_lead_id: lead, p_owner_token: proof.ownerToken, p_link_hash: proof.linkHash, p_quote_id: quote },
    bookingSchema,
  );

/** Cancels the booking of the renter's own request, with a reason, before the rental starts. */
export const cancelBooking = (lead: number, reason: string, proof: RenterProof) =>
  serviceRpc(
    "renter_cancel_booking",
    { p_lead_id: lead, p_owner_token: proof.ownerToken, p_link_hash: proof.linkHash, p_reason: reason },
    bookingSchema,
  );
