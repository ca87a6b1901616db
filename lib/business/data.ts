import "server-only";
import { serviceRpc } from "../data/rpc";
import type { RateCard } from "../prices/rate-card";
import type { VendorDetail } from "../operator/data";

/** A listing a business manages: what it may edit, and the people who manage it. */
export interface BusinessListing extends Omit<VendorDetail, "hidden" | "rating"> {
  role: "owner" | "colleague";
  leads_paused: boolean;
  hours: string | null;
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
  id: number; name: string; phone: string; skid_steer_type: string | null; rental_start_date: string | null; rental_end_date: string | null;
  rental_days: number; location: string; completed_at: string; reason: string;
  status: "contacted" | "quoted" | "won" | "lost" | "not_a_fit" | null; status_reason: string | null; status_at: string | null;
  withdrawn_at: string | null;
}

export const businessLeads = (email: string, vendorId: number) =>
  serviceRpc<BusinessLead[]>("business_leads", { p_email: email, p_vendor_id: vendorId });
