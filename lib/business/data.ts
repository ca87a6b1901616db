import "server-only";
import { serviceRpc } from "../data/rpc";
import type { VendorDetail } from "../operator/data";

/** A listing a business manages: what it may edit, and the people who manage it. */
export interface BusinessListing extends Omit<VendorDetail, "hidden" | "rating"> {
  role: "owner" | "colleague";
  managers: Array<{ email: string; role: "owner" | "colleague" }>;
}

export const businessListings = (email: string) => serviceRpc<BusinessListing[]>("business_listings", { p_email: email });

/** A listing as the claim page names it; null for an unknown or hidden one. */
export const claimableListing = (id: number) => serviceRpc<{ id: number; name: string } | null>("business_claimable", { p_vendor_id: id });
