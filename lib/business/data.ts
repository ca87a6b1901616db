import "server-only";
import { serviceRpc } from "../data/rpc";
import { z } from "zod";
import type { RateCardInput } from "../prices/rate-card";
import { rateCardSchema } from "../prices/rate-card-schema";
import type { LinkPurpose } from "../auth/links";
import { pendingChangeSchema, vendorDetailSchema } from "../operator/data";
import { listingAddressSchema, publicReviewFields } from "../directory/types";
import type { QuotePayload } from "../quotes/form";
import { quoteSchema } from "../quotes/quote";

const managerRole = z.enum(["owner", "colleague"]);

/** A listing a business manages: what it may edit, and the people who manage it. */
const businessListingSchema = vendorDetailSchema.omit({ hidden: true, rating: true }).extend({
  role: managerRole,
  leads_paused: z.boolean(),
  /** The listing's rate card, published or not; null when it has none. */
  rates: rateCardSchema.nullable(),
  /** A new name or website waiting for the operator. */
  pending_change: pendingChangeSchema.nullable(),
  managers: z.array(z.object({ email: z.string(), role: managerRole })),
});
export type BusinessListing = z.infer<typeof businessListingSchema>;
export const businessListings = (email: string) => serviceRpc("business_listings", { p_email: email }, z.array(businessListingSchema));

/** A listing as the claim page names it; null for an unknown or hidden one. */
export const claimableListing = (id: number) =>
  serviceRpc("business_claimable", { p_vendor_id: id }, z.object({ id: z.number(), name: z.string() }).nullable());

export const LEAD_STATUSES = ["contacted", "quoted", "won", "lost", "not_a_fit"] as const;
const text = z.string().nullable();

/** A rental request a listing received, with the business's own status of it. */
const businessLeadSchema = z.object({
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
  status: z.enum(LEAD_STATUSES).nullable(),
  status_reason: text,
  status_at: text,
  withdrawn_at: text,
  /** This listing's latest quote for the request, whatever became of it. */
  quote: quoteSchema.nullable(),
  booking: z.object({ vendor_id: z.number(), status: z.enum(["booked", "cancelled"]) }).nullable(),
});
export type BusinessLead = z.infer<typeof businessLeadSchema>;

/** A listing's requests quoted in the last 90 days, and how many of them the renter booked. */
const winRateSchema = z.object({ vendor_id: z.number(), quoted: z.number(), booked: z.number() });
export type WinRate = z.infer<typeof winRateSchema>;

/** How many requests the dashboard shows at first, and how many more each "Show older requests" adds. */
export const LEADS_PAGE = 50;

/** The newest `limit` requests of every listing the address manages, in one call, and whether older ones exist. */
export const businessLeads = (email: string, limit: number) =>
  serviceRpc(
    "business_leads",
    { p_email: email, p_limit: limit },
    z.object({ leads: z.array(businessLeadSchema), more: z.boolean(), win_rates: z.array(winRateSchema) }),
  );

/** How many rows a dashboard URL asks for (?leads=, ?reviews=), in whole pages, from one page to the API's 1,000 rows. */
export function rowsShown(value: string | string[] | undefined): number {
  const asked = Number(Array.isArray(value) ? value[0] : value);
  if (!Number.isInteger(asked) || asked <= LEADS_PAGE) return LEADS_PAGE;
  return Math.min(Math.ceil(asked / LEADS_PAGE) * LEADS_PAGE, 1000);
}

/** A published review of a listing the business manages, with its reply. */
const businessReviewSchema = z.object({ ...publicReviewFields, vendor_id: z.number(), vendor_name: z.string(), reported: z.boolean() });
export type BusinessReview = z.infer<typeof businessReviewSchema>;

/** The newest `limit` published reviews of every listing the address manages, in one call, and whether older ones exist. */
export const businessReviews = (email: string, limit: number) =>
  serviceRpc(
    "business_reviews",
    { p_email: email, p_limit: limit },
    z.object({ reviews: z.array(businessReviewSchema), more: z.boolean() }),
  );

/** What following an emailed link did (business_link_use): whose address it was, and the listing it changed. */
const linkUseSchema = z.object({
  email: z.string(),
  outcome: z.enum(["signed_in", "owner", "queued", "contacted", "opted_out"]),
  address: listingAddressSchema.optional(),
});

// The business's writes: each the one database call of its action (lib/business/actions.ts).

/** Queues a sign-in link when the address manages a listing (the same answer either way). */
export const startSignIn = (email: string, clientKey: string) =>
  serviceRpc("business_sign_in_start", { p_email: email, p_client_key: clientKey });

/** A claim: a link emailed to the listing's own address, or the operator's queue. */
export const startClaim = (claim: { vendor_id: number; email: string; name: string; phone: string; note: string }, clientKey: string) =>
  serviceRpc("business_claim_start", {
    p_vendor_id: claim.vendor_id,
    p_email: claim.email,
    p_name: claim.name,
    p_phone: claim.phone,
    p_note: claim.note,
    p_client_key: clientKey,
  });

/** Uses an emailed link: what it did, for whom. */
export const followLink = (tokenHash: string, purpose: LinkPurpose) =>
  serviceRpc("business_link_use", { p_token_hash: tokenHash, p_purpose: purpose }, linkUseSchema);

/** A business's edit of a listing it manages; whether a new name or website waits for the operator. */
export const updateListing = (email: string, vendor: number, changes: object) =>
  serviceRpc("business_update_vendor", { p_email: email, p_vendor_id: vendor, p_changes: changes }, z.object({ pending: z.boolean() }));

/** Sets a listing's rate card, or removes it (null). */
export const setListingRateCard = (email: string, vendor: number, card: RateCardInput | null) =>
  serviceRpc("business_set_rate_card", { p_email: email, p_vendor_id: vendor, p_card: card });

/** Adds a colleague by email, or removes one. */
export const setColleague = (email: string, vendor: number, colleague: string, add: boolean) =>
  serviceRpc("business_set_colleague", { p_email: email, p_vendor_id: vendor, p_colleague: colleague, p_add: add });

/** The business's own status of one of its listing's requests; the listing's address. */
export const setLeadStatus = (email: string, vendor: number, lead: number, status: string, reason: string) =>
  serviceRpc(
    "business_set_lead_status",
    { p_email: email, p_vendor_id: vendor, p_lead_id: lead, p_status: status, p_reason: reason },
    listingAddressSchema,
  );

/** The business's public reply to a published review, or its report of it; the listing's address. */
export const answerReview = (email: string, review: number, reply: string | null, report: string | null) =>
  serviceRpc(
    "business_answer_review",
    { p_email: email, p_review_id: review, p_reply: reply, p_report_reason: report },
    listingAddressSchema,
  );

/** Stops, or resumes, a listing's rental requests. */
export const setLeadsPaused = (email: string, vendor: number, paused: boolean) =>
  serviceRpc("business_set_leads_paused", { p_email: email, p_vendor_id: vendor, p_paused: paused });

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
