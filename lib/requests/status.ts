import "server-only";
import { hashToken } from "../auth/token";
import { serviceRpc } from "../data/rpc";
import { z } from "zod";
import { refusalCodeSchema } from "../data/refusals";
import { reviewSummarySchema } from "../listings/types";
import { UNAVAILABLE_REASONS, unavailableReasonSchema } from "../outbox/rows";
import { handedOnBecause } from "../outbox/templates/response-rules";
import { centsText, quoteSchema } from "../quotes/quote";
import { rentalSchema } from "../quotes/rental";
import { ownerToken } from "../auth/renter";

const text = z.string().nullable();

const requestStatusSchema = z.object({
  id: z.number(),
  skid_steer_type: z.string(),
  rental_start_date: z.string(),
  rental_end_date: z.string(),
  rental_days: z.number(),
  location: z.string(),
  completed_at: z.string(),
  withdrawn_at: text,
  booking: rentalSchema.nullable(),
  /** The latest booking released because its vendor did not confirm a delivery window in time. */
  released: z
    .object({
      vendor_name: z.string(),
      released_at: z.string(),
      site_address: text,
      access_notes: text,
      site_contact: text,
      site_phone: text,
      window_preference: text,
    })
    .nullable(),
  recipients: z.array(
    z.object({
      vendor_id: z.number(),
      vendor_name: z.string(),
      phone: text,
      /** Why the vendor received the request (lead_recipients.reason); absent where the status does not carry it. */
      reason: z.enum(["vendor_page", "nearby", "passed_on"]).nullish(),
      sent: z.boolean(),
      contacted: z.boolean(),
      /** Why the vendor said it is not available for the dates; null when it did not. */
      unavailable: unavailableReasonSchema.nullish(),
      /** When the request was handed on to this vendor, from which vendor and why; null when it was routed to it at first. */
      handed: z.object({ at: z.string(), why: z.enum(["silent", "unavailable"]), from: text }).nullish(),
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
export type RequestStatus = z.infer<typeof requestStatusSchema>;

/**
 * The request's status when this browser made it, or when `key` is its emailed status link's
 * token; null for anyone else's or an unknown one.
 */
export async function requestStatus(id: number, key: string | null): Promise<RequestStatus | null> {
  const token = await ownerToken(false);
  if (!token && !key) return null;
  return serviceRpc(
    "lead_status",
    { p_lead_id: id, p_owner_token: token, p_link_hash: key && hashToken(key) },
    requestStatusSchema.nullable(),
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
  /** Its booking's days (the booked quote's other dates when it offered them); absent where the list does not carry them. */
  booking: z.object({ status: z.enum(["booked", "cancelled"]), start_date: z.string(), end_date: z.string() }).nullish(),
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

const vendorCount = (count: number) => `${count} vendor${count === 1 ? "" : "s"}`;

/**
 * Where a request stands, in a few words, from where each vendor stands: a vendor that sent a
 * quote is said to have sent one, and only one that marked the request contacted (and sent none)
 * is said to have contacted the renter.
 */
export function requestState(request: Pick<RenterRequest, "withdrawn_at" | "recipients" | "vendors">): string {
  if (request.withdrawn_at) return "Withdrawn";
  if (request.recipients === 0) return "Our team is finding a vendor";
  const booked = request.vendors.find((vendor) => vendor.stage === "booked");
  if (booked) return `Booked with ${booked.name}`;
  if (request.vendors.some((vendor) => vendor.stage === "cancelled")) return "Booking cancelled";
  const quoted = request.vendors.filter((vendor) => vendor.stage === "quoted").length;
  const contacted = request.vendors.filter((vendor) => vendor.stage === "contacted").length;
  const of = `of ${request.recipients}`;
  if (quoted > 0 && contacted > 0)
    return `${quoted + contacted} ${of} vendors answered: ${quoted} sent you a quote, ${contacted} contacted you`;
  if (quoted > 0) return `${quoted} ${of} ${request.recipients === 1 ? "vendor" : "vendors"} sent you a quote`;
  if (contacted > 0) return `${contacted} ${of} ${request.recipients === 1 ? "vendor" : "vendors"} contacted you`;
  return `Sent to ${vendorCount(request.recipients)}`;
}

/** Where one vendor stands with a request, as "Your requests" lists it. */
export const STAGE_TEXTS: Record<RenterRequest["vendors"][number]["stage"], string> = {
  sent: "sent",
  contacted: "contacted you",
  quoted: "sent you a quote",
  booked: "booked",
  cancelled: "booking cancelled",
};

/**
 * What a vendor has done with the request, as its status page lists it after "sent": its latest
 * quote, or that it marked the request contacted. (A quote also counts as an answer, so
 * `contacted` alone does not say the vendor called.)
 */
export function vendorAnswer(
  recipient: Pick<RequestStatus["recipients"][number], "contacted" | "quote" | "unavailable" | "handed">,
): string {
  const handed = recipient.handed
    ? ` (sent ${recipient.handed.at.slice(0, 10)}: ${handedOnBecause({ from_vendor_name: recipient.handed.from, why: recipient.handed.why })})`
    : "";
  if (recipient.quote) return `${handed}, sent you a quote of ${centsText(recipient.quote.total_cents)}`;
  if (recipient.unavailable) return `${handed}, is not available: ${UNAVAILABLE_REASONS[recipient.unavailable]}`;
  return recipient.contacted ? `${handed}, contacted you` : handed;
}

/** The last day a booked rental can be cancelled (the day before its first day booked); null when it cannot be any more. */
export function cancelDeadline(lead: Pick<RequestStatus, "booking">, today: string): string | null {
  if (lead.booking?.status !== "booked" || today >= lead.booking.start_date) return null;
  const day = new Date(`${lead.booking.start_date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() - 1);
  return day.toISOString().slice(0, 10);
}

/**
 * Whether the renter may delete the request, as the database decides it: once it was withdrawn,
 * its booking cancelled, or its rental ended (a booked rental on its last day booked, unless the
 * machine was delivered).
 */
export function deletable(lead: Pick<RequestStatus, "withdrawn_at" | "booking" | "rental_end_date">, today: string): boolean {
  if (lead.withdrawn_at || lead.booking?.status === "cancelled") return true;
  // A machine on the job site: the rental runs until the vendor picks it up.
  if (lead.booking?.delivered_at) return false;
  const last = lead.booking?.status === "booked" ? lead.booking.end_date : lead.rental_end_date;
  return last < today;
}
