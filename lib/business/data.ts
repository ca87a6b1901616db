import "server-only";
import { serviceRpc } from "../data/rpc";
import type { RateCard } from "../prices/rate-card";
import type { VendorDetail } from "../operator/data";
import type { PublicReview } from "../reviews/types";

/** A listing a business manages: what it may edit, and the people who manage it. */
export interface BusinessListing extends Omit<VendorDetail, "hidden" | "rating"> {
  role: "owner" | "colleague";
  leads_paused: boolean;
  /** The listing's rate card, published or not; null when it has none. */
  rates: RateCard | null;
  /** A new name or website waiting for the operator. */
  pending_change: { name?: string; site?: string } | null;
  managers: Array<{ email: string; role: "owner" | "colleague" }>;
}

export const businessListings = (email: string) => serviceRpc<BusinessListing[]>("business_listings", { p_email: email });

/** A listing as the claim page names it; null for an unknown or hidden one. */
export const claimableListing = (id: number) => serviceRpc<{ id: number; name: string } | null>("business_claimable", { p_vendor_id: id });

/** A rental request a listing received, with the business's own status of it. */
export interface BusinessLead {
  id: number;
  vendor_id: number;
  name: string;
  phone: string;
  skid_steer_type: string | null;
  rental_start_date: string | null;
  rental_end_date: string | null;
  rental_days: number;
  location: string;
  completed_at: string;
  reason: string;
  status: "contacted" | "quoted" | "won" | "lost" | "not_a_fit" | null;
  status_reason: string | null;
  status_at: string | null;
  withdrawn_at: string | null;
}

/** How many requests the dashboard shows at first, and how many more each "Show older requests" adds. */
export const LEADS_PAGE = 50;

/** The newest `limit` requests of every listing the address manages, in one call, and whether older ones exist. */
export const businessLeads = (email: string, limit: number) =>
  serviceRpc<{ leads: BusinessLead[]; more: boolean }>("business_leads", { p_email: email, p_limit: limit });

/** How many rows a dashboard URL asks for (?leads=, ?reviews=), in whole pages, from one page to the API's 1,000 rows. */
export function rowsShown(value: string | string[] | undefined): number {
  const asked = Number(Array.isArray(value) ? value[0] : value);
  if (!Number.isInteger(asked) || asked <= LEADS_PAGE) return LEADS_PAGE;
  return Math.min(Math.ceil(asked / LEADS_PAGE) * LEADS_PAGE, 1000);
}

/** A published review of a listing the business manages, with its reply. */
export interface BusinessReview extends PublicReview {
  vendor_id: number;
  vendor_name: string;
  reported: boolean;
}

/** The newest `limit` published reviews of every listing the address manages, in one call, and whether older ones exist. */
export const businessReviews = (email: string, limit: number) =>
  serviceRpc<{ reviews: BusinessReview[]; more: boolean }>("business_reviews", { p_email: email, p_limit: limit });
