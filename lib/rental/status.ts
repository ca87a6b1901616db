import "server-only";
import { serviceRpc } from "../data/rpc";
import { ownerToken } from "./owner";

export interface LeadStatus {
  id: number; skid_steer_type: string; rental_start_date: string; rental_end_date: string; location: string;
  completed_at: string; withdrawn_at: string | null;
  recipients: Array<{ vendor_name: string; sent: boolean; contacted: boolean }>;
}

/** The request's status when this browser made it; null for anyone else's or an unknown one. */
export async function leadStatus(id: number): Promise<LeadStatus | null> {
  const token = await ownerToken(false);
  return token ? serviceRpc<LeadStatus | null>("lead_status", { p_lead_id: id, p_owner_token: token }) : null;
}
