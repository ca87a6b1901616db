import "server-only";
import { z } from "zod";
import { serviceRpc as call } from "../data/rpc";
import { keysetPageOf, PAGE_SIZE, type KeysetCursor } from "../platform/paging";
import type { RateCardInput } from "../prices/rate-card";
import { rateCardSchema } from "../prices/rate-card-schema";

// A listing as the people who manage it (a business on /business) and the console read and
// change it; each write is the one database call of its action (lib/listings/actions.ts).

const text = z.string().nullable();

/** How a person manages a listing: its owner, or a colleague the owner added. */
export const managerRole = z.enum(["owner", "colleague"]);

/** Where a listing lives, to name it and refresh its pages after a change. */
export const vendorAddressSchema = z.object({
  id: z.number(),
  slug: z.string(),
  name: z.string(),
  city_slug: z.string(),
  state_slug: z.string(),
  country_slug: z.string(),
  hidden: z.boolean(),
});

/** A listing's editable fields, as the console and the business's dashboard show them. */
const vendorDetailSchema = z.object({
  id: z.number(),
  name: z.string(),
  slug: z.string(),
  site: text,
  email: text,
  phone: text,
  street: text,
  hours: text,
  photo: text,
  hidden: z.boolean(),
  rating: z.number().nullable(),
  description: text,
  service_zips: z.array(z.string()),
  address: vendorAddressSchema,
});

/** A new name or website that a business asked for, waiting for the operator. */
const pendingChangeSchema = z.object({ name: z.string().optional(), site: z.string().optional() });

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

/** Every listing the address manages. */
export const businessListings = (email: string) => call("business_listings", { p_email: email }, z.array(businessListingSchema));

/** A business's edit of a listing it manages; whether a new name or website waits for the operator. */
export const updateListing = (email: string, vendor: number, changes: object) =>
  call("business_update_vendor", { p_email: email, p_vendor_id: vendor, p_changes: changes }, z.object({ pending: z.boolean() }));

/** A business sets its listing's rate card, or removes it (null). */
export const setListingRateCard = (email: string, vendor: number, card: RateCardInput | null) =>
  call("business_set_rate_card", { p_email: email, p_vendor_id: vendor, p_card: card });

/** Stops, or resumes, a listing's rental requests. */
export const setLeadsPaused = (email: string, vendor: number, paused: boolean) =>
  call("business_set_leads_paused", { p_email: email, p_vendor_id: vendor, p_paused: paused });

const vendorRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  slug: z.string(),
  site: text,
  phone: text,
  hidden: z.boolean(),
  city_name: z.string(),
  state_code: z.string(),
  leads: z.number(),
});

/** The console's listings by name: the page after or before a listing. */
export const vendorPage = (query: string, cursor: KeysetCursor) =>
  call(
    "operator_vendor_page",
    { p_query: query, p_limit: PAGE_SIZE, p_after: cursor.after, p_before: cursor.before },
    keysetPageOf(vendorRowSchema),
  );
export const vendorDetail = (id: number) => call("operator_vendor", { p_id: id }, vendorDetailSchema.nullable());

/** A vendor's rate card, published or not; null when it has none. */
export const vendorRateCard = (id: number) => call("rate_card_json", { p_vendor_id: id }, rateCardSchema.nullable());

const changeRequestSchema = z.object({
  id: z.number(),
  email: z.string(),
  created_at: z.string(),
  vendor: vendorAddressSchema,
  changes: pendingChangeSchema,
  current: z.object({ name: z.string(), site: text }),
});
/** New names and websites that businesses asked for, waiting for the operator. */
export const changeRequests = () => call("operator_change_requests", {}, z.array(changeRequestSchema));
export const reviewChange = (id: number, approve: boolean, reason: string, operator: string) =>
  call("operator_review_change", { p_id: id, p_approve: approve, p_reason: reason, p_operator: operator });

/** Listings whose business stopped their rental requests. */
export const pausedVendors = () =>
  call("operator_paused_vendors", {}, z.array(z.object({ id: z.number(), name: z.string(), paused_at: z.string() })));

export const updateVendor = (id: number, changes: Record<string, unknown>, operator: string) =>
  call("operator_update_vendor", { p_id: id, p_changes: changes, p_operator: operator }, vendorAddressSchema);
export const setVendorHidden = (id: number, hidden: boolean, operator: string) =>
  call("operator_set_vendor_hidden", { p_id: id, p_hidden: hidden, p_operator: operator }, vendorAddressSchema);

/** The operator sets a vendor's rate card, or removes it (null); public at once. */
export const setVendorRateCard = (id: number, card: RateCardInput | null, operator: string) =>
  call("operator_set_rate_card", { p_vendor_id: id, p_card: card, p_operator: operator });
