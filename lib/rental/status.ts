import "server-only";
import { hashToken } from "../auth/token";
import { serviceRpc } from "../data/rpc";
import type { RefusalCode } from "../data/refusals";
import { ownerToken } from "./owner";

export interface LeadStatus {
  id: number;
  skid_steer_type: string;
  rental_start_date: string;
  rental_end_date: string;
  rental_days: number;
  location: string;
  completed_at: string;
  withdrawn_at: string | null;
  recipients: Array<{
    vendor_id: number;
    vendor_name: string;
    phone: string | null;
    sent: boolean;
    contacted: boolean;
    /** Why the renter cannot review this vendor now; null when they can (or already did). */
    review_refusal: RefusalCode | null;
    review: {
      stars: number;
      body: string | null;
      status: "pending" | "published" | "rejected";
      reject_reason: string | null;
      editable: boolean;
    } | null;
  }>;
}

/**
 * The request's status when this browser made it, or when `key` is its emailed status link's
 * token; null for anyone else's or an unknown one.
 */
export async function leadStatus(id: number, key: string | null): Promise<LeadStatus | null> {
  const token = await ownerToken(false);
  if (!token && !key) return null;
  return serviceRpc<LeadStatus | null>("lead_status", { p_lead_id: id, p_owner_token: token, p_link_hash: key && hashToken(key) });
}

/** One of this browser's requests, as "Your requests" lists them. */
export interface RenterRequest {
  id: number;
  skid_steer_type: string;
  rental_start_date: string;
  rental_end_date: string;
  location: string;
  completed_at: string;
  withdrawn_at: string | null;
  recipients: number;
  contacted: number;
}

/** The requests this browser sent (its owner cookie), newest first, at most 50. */
export async function renterRequests(): Promise<RenterRequest[]> {
  const token = await ownerToken(false);
  return token ? serviceRpc<RenterRequest[]>("renter_requests", { p_owner_token: token }) : [];
}

/** The machine as the renter chose it. */
export const machineLabel = (type: string) => (type === "tracked" ? "Tracked skid steer" : "Wheeled skid steer");

/** Where a request stands, in a few words. */
export function requestState(request: Pick<RenterRequest, "withdrawn_at" | "recipients" | "contacted">): string {
  if (request.withdrawn_at) return "Withdrawn";
  if (request.recipients === 0) return "Our team is finding a vendor";
  if (request.contacted > 0)
    return `${request.contacted} of ${request.recipients} vendor${request.recipients === 1 ? "" : "s"} contacted you`;
  return `Sent to ${request.recipients} vendor${request.recipients === 1 ? "" : "s"}`;
}
