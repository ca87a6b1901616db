import "server-only";
import { serviceRpc } from "../data/rpc";
import { z } from "zod";
import { rateCardSchema } from "../prices/rate-card";
import { pendingChangeSchema, vendorDetailSchema } from "../operator/data";
import { publicReviewFields } from "../reviews/types";
import { listingAddressSchema } from "../directory/types";

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
});
export type BusinessLead = z.infer<typeof businessLeadSchema>;

/** How many requests the dashboard shows at first, and how many more each "Show older requests" adds. */
export const LEADS_PAGE = 50;

/** The newest `limit` requests of every listing the address manages, in one call, and whether older ones exist. */
export const businessLeads = (email: string, limit: number) =>
  serviceRpc("business_leads", { p_email: email, p_limit: limit }, z.object({ leads: z.array(businessLeadSchema), more: z.boolean() }));

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
export const linkUseSchema = z.object({
  email: z.string(),
  outcome: z.enum(["signed_in", "owner", "queued", "contacted", "opted_out"]),
  address: listingAddressSchema.optional(),
});
