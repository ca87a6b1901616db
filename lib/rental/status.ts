import "server-only";
import { hashToken } from "../auth/token";
import { serviceRpc } from "../data/rpc";
import { z } from "zod";
import { refusalCodeSchema } from "../data/refusals";
import { reviewSummarySchema } from "../directory/types";
import { bookingSchema, quoteSchema } from "../quotes/quote";
import { ownerToken } from "./owner";

const text = z.string().nullable();

const leadStatusSchema = z.object({
  id: z.number(),
  skid_steer_type: z.string(),
  rental_start_date: z.string(),
  rental_end_date: z.string(),
  rental_days: z.number(),
  location: z.string(),
  completed_at: z.string(),
  withdrawn_at: text,
  booking: bookingSchema.nullable(),
  recipients: z.array(
    z.object({
      vendor_id: z.number(),
      vendor_name: z.string(),
      phone: text,
      sent: z.boolean(),
      contacted: z.boolean(),
      reviews: reviewSummarySchema,
      response: z.object({ hours: z.number(), count: z.number() }).nullable(),
      /** The vendor's latest quote, whatever became of it. */
      quote: quoteSchema.nullable(),
      /** Why the renter cannot review this vendor now; null when they can (or already did). */
      review_refusal: refusalCodeSchema.nullable(),
      review: z
        .object({
          stars: z.number(),
          body: text,
          status: z.enum(["pending", "published", "rejected"]),
          reject_reason: text,
          editable: z.boolean(),
        })
        .nullable(),
    }),
  ),
});
export type LeadStatus = z.infer<typeof leadStatusSchema>;

/**
 * The request's status when this browser made it, or when `key` is its emailed status link's
 * token; null for anyone else's or an unknown one.
 */
export async function leadStatus(id: number, key: string | null): Promise<LeadStatus | null> {
  const token = await ownerToken(false);
  if (!token && !key) return null;
  return serviceRpc(
    "lead_status",
    { p_lead_id: id, p_owner_token: token, p_link_hash: key && hashToken(key) },
    leadStatusSchema.nullable(),
  );
}

/** One of this browser's requests, as "Your requests" lists them. */
const renterRequestSchema = z.object({
  id: z.number(),
  skid_steer_type: z.string(),
  rental_start_date: z.string(),
  rental_end_date: z.string(),
  location: z.string(),
  completed_at: z.string(),
  withdrawn_at: text,
  recipients: z.number(),
  contacted: z.number(),
  /** Each vendor it went to, and where it stands with them. */
  vendors: z.array(z.object({ name: z.string(), stage: z.enum(["sent", "contacted", "quoted", "booked", "cancelled"]) })),
});
export type RenterRequest = z.infer<typeof renterRequestSchema>;

/** The requests this browser sent (its owner cookie), newest first, at most 50. */
export async function renterRequests(): Promise<RenterRequest[]> {
  const token = await ownerToken(false);
  return token ? serviceRpc("renter_requests", { p_owner_token: token }, z.array(renterRequestSchema)) : [];
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
