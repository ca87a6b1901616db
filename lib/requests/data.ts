import "server-only";
import { z } from "zod";
import type { RenterProof } from "../auth/renter";
import { MAX_ROWS_PER_CALL, serviceRpc } from "../data/rpc";
import { listingAddressSchema } from "../listings/types";
import { keysetPageOf, PAGE_SIZE, type KeysetCursor } from "../platform/paging";
import { rateCardSchema } from "../prices/rate-card-schema";
import type { QuotePayload } from "../quotes/form";
import { bookingSchema, quoteSchema } from "../quotes/quote";
import { isCalendarDay } from "./dates";
import { rentalSchema } from "../quotes/rental";
import type { JobSite } from "./rental";
import type { RequestCompletion, RequestDraft } from "./schema";

// A rental request's reads and writes for the renter, the vendors it reached and the console:
// each write the one database call of its action (lib/requests/actions.ts).

/** Creates the draft request of this browser (its owner token), from a vendor's page or not; its id. */
export const createRequest = (ownerToken: string | null, clientKey: string, vendorId: number | null) =>
  serviceRpc("create_lead", { p_owner_token: ownerToken, p_client_key: clientKey, p_vendor_id: vendorId }, z.number());

/** Saves one step's or field's change to the draft. */
export const saveDraft = (draft: RequestDraft, ownerToken: string | null) =>
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
export const completeRequest = (lead: RequestCompletion, ownerToken: string | null, webhook: boolean, clientHash: string) =>
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
export const withdrawRequest = (lead: number, proof: RenterProof) =>
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
export const bookQuote = (lead: number, quote: number, site: JobSite, proof: RenterProof) =>
  serviceRpc(
    "renter_book_quote",
    {
      p_lead_id: lead,
      p_owner_token: proof.ownerToken,
      p_link_hash: proof.linkHash,
      p_quote_id: quote,
      p_site_address: site.site_address,
      p_access_notes: site.access_notes ?? null,
      p_site_contact: site.site_contact,
      p_site_phone: site.site_phone,
      p_window_preference: site.window_preference,
    },
    bookingSchema,
  );

/** Cancels the booking of the renter's own request, with a reason, before the rental starts. */
export const cancelBooking = (lead: number, reason: string, proof: RenterProof) =>
  serviceRpc(
    "renter_cancel_booking",
    { p_lead_id: lead, p_owner_token: proof.ownerToken, p_link_hash: proof.linkHash, p_reason: reason },
    bookingSchema,
  );

/** The renter confirms the machine arrived. */
export const confirmArrival = (lead: number, proof: RenterProof) =>
  serviceRpc("renter_confirm_arrival", { p_lead_id: lead, p_owner_token: proof.ownerToken, p_link_hash: proof.linkHash }, rentalSchema);

/** The renter reports a problem with the delivery, with the stored photos' paths. */
export const reportProblem = (lead: number, problem: string, note: string, photos: string[], proof: RenterProof) =>
  serviceRpc(
    "renter_report_problem",
    { p_lead_id: lead, p_owner_token: proof.ownerToken, p_link_hash: proof.linkHash, p_problem: problem, p_note: note, p_photos: photos },
    rentalSchema,
  );

/** Refuses, before a renter's step with photos, anyone but the renter and a step the request's life does not allow now. */
export const checkRenterStep = (lead: number, action: "report_problem", proof: RenterProof) =>
  serviceRpc(
    "renter_rental_check",
    { p_lead_id: lead, p_owner_token: proof.ownerToken, p_link_hash: proof.linkHash, p_action: action },
    z.boolean(),
  );

/** Refuses, before a booked vendor's step with photos, anyone but its managers and a step the request's life does not allow now. */
export const checkBusinessStep = (email: string, vendor: number, lead: number, action: "deliver" | "pick_up" | "add_line") =>
  serviceRpc("business_rental_check", { p_email: email, p_vendor_id: vendor, p_lead_id: lead, p_action: action }, z.boolean());

/** The renter asks to extend the rental to a new last day. */
export const extendRental = (lead: number, newEnd: string, proof: RenterProof) =>
  serviceRpc(
    "renter_extend",
    { p_lead_id: lead, p_owner_token: proof.ownerToken, p_link_hash: proof.linkHash, p_new_end: newEnd },
    rentalSchema,
  );

/** The renter calls the rental off now; the rental carries the call-off number. */
export const callOffRental = (lead: number, proof: RenterProof) =>
  serviceRpc("renter_call_off", { p_lead_id: lead, p_owner_token: proof.ownerToken, p_link_hash: proof.linkHash }, rentalSchema);

/** The renter accepts or disputes (with a reason) a bill line that did not follow from the quote. */
export const answerBillLine = (lead: number, line: number, accept: boolean, reason: string, proof: RenterProof) =>
  serviceRpc(
    "renter_answer_line",
    { p_lead_id: lead, p_owner_token: proof.ownerToken, p_link_hash: proof.linkHash, p_line_id: line, p_accept: accept, p_reason: reason },
    rentalSchema,
  );

// The booked vendor's side of the rental.

/** The booked vendor accepts or declines the renter's open extension. */
export const answerExtension = (email: string, vendor: number, lead: number, accept: boolean) =>
  serviceRpc("business_answer_extension", { p_email: email, p_vendor_id: vendor, p_lead_id: lead, p_accept: accept }, rentalSchema);

/** The booked vendor records the pickup, with its readings and the stored photos' paths; the bill is built. */
export const pickUpMachine = (email: string, vendor: number, lead: number, hours: number, fuel: number, photos: string[]) =>
  serviceRpc(
    "business_pick_up",
    { p_email: email, p_vendor_id: vendor, p_lead_id: lead, p_hours: hours, p_fuel: fuel, p_photos: photos },
    rentalSchema,
  );

/** A line the booked vendor adds to the bill, with its reason and the stored photos' paths. */
export const addBillLine = (
  email: string,
  vendor: number,
  lead: number,
  line: { kind: string; label: string; amount_cents: number; reason: string },
  photos: string[],
) =>
  serviceRpc(
    "business_add_bill_line",
    {
      p_email: email,
      p_vendor_id: vendor,
      p_lead_id: lead,
      p_kind: line.kind,
      p_label: line.label,
      p_amount_cents: line.amount_cents,
      p_reason: line.reason,
      p_photos: photos,
    },
    rentalSchema,
  );

/** One booked rental of a listing the address manages (for its printable bill); null for anyone else's. */
export const businessRental = (email: string, vendor: number, lead: number) =>
  serviceRpc(
    "business_rental",
    { p_email: email, p_vendor_id: vendor, p_lead_id: lead },
    z.object({ id: z.number(), vendor_name: z.string(), rental: rentalSchema.nullable() }).nullable(),
  );

/** The booked vendor sends the final bill. */
export const sendBill = (email: string, vendor: number, lead: number) =>
  serviceRpc("business_send_bill", { p_email: email, p_vendor_id: vendor, p_lead_id: lead }, rentalSchema);

/** The booked vendor's delivery window: a day and two times in the job site's local time (HH:MM). */
export const confirmWindow = (email: string, vendor: number, lead: number, day: string, from: string, to: string) =>
  serviceRpc(
    "business_confirm_window",
    { p_email: email, p_vendor_id: vendor, p_lead_id: lead, p_day: day, p_from: from, p_to: to },
    rentalSchema,
  );

/** The booked vendor marks the machine on its way. */
export const dispatchMachine = (email: string, vendor: number, lead: number) =>
  serviceRpc("business_dispatch", { p_email: email, p_vendor_id: vendor, p_lead_id: lead }, rentalSchema);

/** The booked vendor marks the machine delivered, with its readings and the stored photos' paths. */
export const deliverMachine = (email: string, vendor: number, lead: number, hours: number, fuel: number, photos: string[]) =>
  serviceRpc(
    "business_deliver",
    { p_email: email, p_vendor_id: vendor, p_lead_id: lead, p_hours: hours, p_fuel: fuel, p_photos: photos },
    rentalSchema,
  );

/** The job that releases bookings whose window was not confirmed in time; how many it released. */
export const releaseOverdueBookings = (batch = 100) => serviceRpc("release_overdue_bookings", { p_batch: batch }, z.number());

/** The console's response rules page: listings by response rate, lowest first, after a (rate, id); the latest requests handed on. */
export const responseRules = (after: { rate: number; id: number } | null) =>
  serviceRpc(
    "operator_responses",
    { p_after_rate: after?.rate ?? null, p_after_id: after?.id ?? null, p_limit: 50 },
    z.object({
      vendors: z.array(z.object({ id: z.number(), name: z.string(), rate: z.number(), count: z.number(), hours: z.number().nullable() })),
      more: z.boolean(),
      handed: z.array(
        z.object({
          lead_id: z.number(),
          at: z.string(),
          why: z.enum(["silent", "unavailable"]),
          from: z.string().nullable(),
          to: z.string(),
        }),
      ),
    }),
  );

/** The response rules' job: requests whose vendors stayed silent past their time handed on; how many vendors were passed. */
export const passOnSilentRequests = (batch = 50) => serviceRpc("pass_on_silent_requests", { p_limit: batch });

// The vendors' side: the requests a listing received, their statuses and quotes.

export const REQUEST_STATUSES = ["contacted", "quoted", "won", "lost", "not_a_fit", "unavailable"] as const;
const text = z.string().nullable();

/** A rental request a listing received, with the business's own status of it. */
const businessRequestSchema = z.object({
  id: z.number(),
  vendor_id: z.number(),
  name: z.string(),
  phone: z.string(),
  skid_steer_type: text,
  rental_start_date: text,
  rental_end_date: text,
  rental_days: z.number(),
  location: z.string(),
  completed_at: z.string(),
  reason: z.string(),
  status: z.enum(REQUEST_STATUSES).nullable(),
  status_reason: text,
  status_at: text,
  /** When its first response is due; when its time ran out without one. */
  due_at: text,
  passed_at: text,
  withdrawn_at: text,
  /** This listing's latest quote for the request, whatever became of it. */
  quote: quoteSchema.nullable(),
  /** The whole rental for the booked vendor; only that the request is booked (and by whom) for the others. */
  booking: z.union([rentalSchema, z.object({ vendor_id: z.number(), status: z.enum(["booked", "cancelled"]) })]).nullable(),
});
export type BusinessRequest = z.infer<typeof businessRequestSchema>;

/** A listing's requests quoted in the last 90 days, and how many of them the renter booked; and its response rate. */
const winRateSchema = z.object({
  vendor_id: z.number(),
  quoted: z.number(),
  booked: z.number(),
  response_rate: z.number().nullable(),
  response_rate_count: z.number(),
});
export type WinRate = z.infer<typeof winRateSchema>;

/** The newest `limit` requests of every listing the address manages, in one call, and whether older ones exist. */
export const businessRequests = (email: string, limit: number) =>
  serviceRpc(
    "business_leads",
    { p_email: email, p_limit: limit },
    z.object({ leads: z.array(businessRequestSchema), more: z.boolean(), win_rates: z.array(winRateSchema) }),
  );

/** The business's own status of one of its listing's requests; the listing's address. */
export const setRequestStatus = (email: string, vendor: number, lead: number, status: string, reason: string) =>
  serviceRpc(
    "business_set_lead_status",
    { p_email: email, p_vendor_id: vendor, p_lead_id: lead, p_status: status, p_reason: reason },
    listingAddressSchema,
  );

/** A business's quote for a request one of its listings received; the quote as saved. */
export const saveQuote = (email: string, vendor: number, lead: number, quote: QuotePayload) =>
  serviceRpc("business_save_quote", { p_email: email, p_vendor_id: vendor, p_lead_id: lead, p_quote: quote }, quoteSchema);

/** A quote sent from the emailed "Send a quote" link, for that link's request. */
export const saveLinkQuote = (tokenHash: string, quote: QuotePayload) =>
  serviceRpc("quote_link_save", { p_token_hash: tokenHash, p_quote: quote }, quoteSchema);

/** A business withdraws its open quote for a request one of its listings received; the quote as withdrawn. */
export const withdrawQuote = (email: string, vendor: number, lead: number) =>
  serviceRpc("business_withdraw_quote", { p_email: email, p_vendor_id: vendor, p_lead_id: lead }, quoteSchema);

/** Withdraws the open quote sent for an emailed "Send a quote" link's request. */
export const withdrawLinkQuote = (tokenHash: string) => serviceRpc("quote_link_withdraw", { p_token_hash: tokenHash }, quoteSchema);

/** The request an emailed "Send a quote" link opens, with the listing's rate card and open quote; null for a wrong or expired link. */
export const quoteLinkRequest = (tokenHash: string) =>
  serviceRpc(
    "quote_link_request",
    { p_token_hash: tokenHash },
    z
      .object({
        lead_id: z.number(),
        vendor_id: z.number(),
        vendor_name: z.string(),
        skid_steer_type: z.enum(["wheeled", "tracked"]),
        rental_start_date: z.string(),
        rental_end_date: z.string(),
        rental_days: z.number(),
        location: z.string(),
        withdrawn: z.boolean(),
        booked: z.boolean(),
        rate_card: rateCardSchema.nullable(),
        miles: z.number().nullable(),
        quote: quoteSchema.nullable(),
      })
      .nullable(),
  );

// The console's side: the list of requests, one request, the reporting API.

const optionalText = (pattern: RegExp) => z.string().trim().regex(pattern).optional().catch(undefined);
const day = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine(isCalendarDay)
  .optional()
  .catch(undefined);

/** The leads inbox filters, from the query string; anything malformed is ignored. */
const requestFiltersSchema = z.object({
  from: day,
  to: day,
  state: optionalText(/^[a-z-]{2,40}$/),
  vendor: optionalText(/^\d{1,12}$/),
  zip: optionalText(/^\d{5}$/),
  delivery: z.enum(["pending", "sent", "failed", "none"]).optional().catch(undefined),
  stage: z.enum(["quoted", "booked"]).optional().catch(undefined),
  spam: z.enum(["only", "include"]).optional().catch(undefined),
});
export type RequestFilters = z.infer<typeof requestFiltersSchema>;

export function requestFilters(params: Record<string, string | string[] | undefined>): RequestFilters {
  const flat = Object.fromEntries(
    Object.entries(params).map(([key, value]) => [key, Array.isArray(value) ? value[0] : value || undefined]),
  );
  return requestFiltersSchema.parse(flat);
}

/**
 * A rental request as the reporting API and `npm run leads` read it (operator_leads): every
 * column, with its recipients and messages as the database builds them.
 */
const reportRequestSchema = z.object({
  id: z.number(),
  vendor_id: z.number().nullable(),
  vendor_name: text,
  step: z.number(),
  location: text,
  name: text,
  phone: text,
  skid_steer_type: text,
  rental_days: z.number().nullable(),
  rental_start_date: text,
  rental_end_date: text,
  completed: z.boolean(),
  widen: z.boolean(),
  created_at: z.string(),
  completed_at: text,
  recipients: z.array(z.looseObject({ vendor_name: z.string() })),
  messages: z.array(z.looseObject({ channel: z.string(), status: z.string(), attempts: z.number(), last_error: text })),
});

/** The newest `max` leads (spam left out) as the reporting API gives them, read 1,000 a call by keyset. */
export async function reportRequests(max: number): Promise<Array<z.infer<typeof reportRequestSchema>>> {
  const leads: Array<z.infer<typeof reportRequestSchema>> = [];
  while (leads.length < max) {
    const limit = Math.min(MAX_ROWS_PER_CALL, max - leads.length);
    const page = await serviceRpc("operator_leads", { p_limit: limit, p_older_than: leads.at(-1)?.id }, z.array(reportRequestSchema));
    leads.push(...page);
    if (page.length < limit) break;
  }
  return leads;
}

const requestSummaryFields = {
  id: z.number(),
  name: z.string(),
  phone: z.string(),
  location: z.string(),
  skid_steer_type: text,
  rental_days: z.number(),
  rental_start_date: text,
  rental_end_date: text,
  completed_at: z.string(),
  created_at: z.string(),
  spam: z.boolean(),
  vendor_id: z.number().nullable(),
  vendor_name: text,
  widen: z.boolean(),
  delivery: z.enum(["none", "pending", "sent", "failed"]),
  recipients: z.array(
    z.object({
      vendor_id: z.number(),
      vendor_name: z.string(),
      reason: z.string(),
      rank: z.number(),
      distance_miles: z.number().nullable(),
      status: text,
      status_reason: text,
      responded_at: text,
      response_hours: z.number().nullable(),
    }),
  ),
};
const requestSummarySchema = z.object(requestSummaryFields);
const requestDetailSchema = z.object({
  ...requestSummaryFields,
  messages: z.array(
    z.object({
      id: z.number(),
      channel: z.string(),
      status: z.string(),
      attempts: z.number(),
      vendor_name: text,
      sent_at: text,
      sent_via: text,
      last_error: text,
      next_attempt_at: z.string(),
      attempt_log: z.array(z.object({ id: z.number(), attempted_at: z.string(), ok: z.boolean(), sent_via: text, error: text })),
      kind: z.string(),
    }),
  ),
  quotes: z.array(quoteSchema.extend({ vendor_name: z.string() })),
  booking: rentalSchema.nullable(),
  /** The consent sentence the renter was shown, where and when, and from which client (its hashed address). */
  consent: z
    .object({ text: z.string(), vendor_ids: z.array(z.number()), page: z.string(), client_hash: text, given_at: z.string() })
    .nullable(),
});

/** Completed requests newest first: the page after (older than) or before (newer than) a request. */
export const requestPage = (filters: RequestFilters, cursor: KeysetCursor, size = PAGE_SIZE) =>
  serviceRpc(
    "operator_lead_page",
    { p_filters: filters, p_limit: size, p_older_than: cursor.after, p_newer_than: cursor.before },
    keysetPageOf(requestSummarySchema),
  );
export const requestDetail = (id: number) => serviceRpc("operator_lead", { p_id: id }, requestDetailSchema.nullable());

export const resendRequest = (id: number, operator: string) => serviceRpc("operator_resend_lead", { p_id: id, p_operator: operator });
export const markSpam = (id: number, spam: boolean, operator: string) =>
  serviceRpc("operator_mark_spam", { p_id: id, p_spam: spam, p_operator: operator });
