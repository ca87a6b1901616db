import { z } from "zod";
import { listingAddressSchema } from "../listings/types";
import { quoteSchema } from "../quotes/quote";
import { rentalSchema } from "../quotes/rental";
import { PermanentFailure } from "./failure";

const text = z.string().nullable();

/** Why a vendor received a request (lead_recipients.reason): it was sent from the vendor's page, the vendor is near the job site, or it was handed on to it. */
const recipientReasonSchema = z.enum(["vendor_page", "nearby", "passed_on"]);
export type RecipientReason = z.infer<typeof recipientReasonSchema>;

const claimedLeadSchema = z.object({
  id: z.number(),
  name: z.string(),
  phone: z.string(),
  skid_steer_type: z.enum(["wheeled", "tracked"]),
  rental_start_date: z.string(),
  rental_end_date: z.string(),
  rental_days: z.number(),
  location: z.string(),
  completed_at: z.string(),
  vendor_id: z.number().nullable(),
  vendor_name: text,
  /** The address the renter gave, if any: only the vendor they book is shown it. */
  email: text.optional(),
});
export type ClaimedLead = z.infer<typeof claimedLeadSchema>;

const claimedVendorSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: text,
  /** How the request reached the vendor; null on a message that is not about a request. */
  reason: recipientReasonSchema.nullable(),
  distance_miles: z.number().nullable(),
});
export type ClaimedVendor = z.infer<typeof claimedVendorSchema>;

/** A row as claim_outbox_messages returns it; its kind and payload are read on their own, row by row. */
const claimedRowSchema = z.object({
  id: z.number(),
  claim_id: z.string(),
  channel: z.enum(["email", "webhook", "sms"]),
  attempts: z.number(),
  /** The address of a message to someone other than a lead's vendor; a text's phone number (E.164). */
  recipient: text,
  lead: claimedLeadSchema.nullable(),
  vendor: claimedVendorSchema.nullable(),
  recipients: z.array(z.object({ vendor_id: z.number(), vendor_name: z.string(), reason: z.string() })),
  kind: z.string(),
  payload: z.unknown(),
});
type ClaimedRow = z.infer<typeof claimedRowSchema>;

/** What the claim returns: each row is read on its own, so one that fits no template fails alone. */
export const claimedRowsSchema = z.array(z.looseObject({ id: z.number(), claim_id: z.string(), kind: z.string() })).nullable();

/** A quote as its emails read it (outbox_quote): with its vendor's contact details and the request's booking. */
export const outboxQuoteSchema = quoteSchema.extend({
  vendor: z.object({ name: z.string(), phone: z.string().nullable(), address: z.string().nullable() }),
  booking: rentalSchema.nullable(),
});
export type OutboxQuote = z.infer<typeof outboxQuoteSchema>;

/** What complete_lead queues for a renter who gave an email address: the vendors it went to, as they were then. */
const renterCopyPayloadSchema = z.object({ recipients: z.array(z.object({ name: z.string(), phone: text })) });
export type RenterCopyPayload = z.infer<typeof renterCopyPayloadSchema>;

/** What the approval queues for a new listing's business (operator_approve_submission). */
const listingLivePayloadSchema = z.object({ name: z.string(), address: listingAddressSchema });
export type ListingLivePayload = z.infer<typeof listingLivePayloadSchema>;

/** What business_claim_start queues with a claim link's email. */
const claimLinkPayloadSchema = z.object({ listing: z.string() });
export type ClaimLinkPayload = z.infer<typeof claimLinkPayloadSchema>;

/** What the operator's publishing queues for the business (operator_moderate_review). */
const reviewPublishedPayloadSchema = z.object({
  review_id: z.number(),
  vendor_id: z.number(),
  vendor_name: z.string(),
  stars: z.number(),
  body: text,
  author: z.string(),
  /** Whether the address manages the listing (and can reply at /business) or must claim it first. */
  claimed: z.boolean(),
});
export type ReviewPublishedPayload = z.infer<typeof reviewPublishedPayloadSchema>;

/** Why a request was handed on to another vendor (lead_recipients.handed_why). */
const handedWhySchema = z.enum(["silent", "unavailable"]);
/** Why a vendor said it is not available for the dates (its status_reason), as the renter is told it. */
export const UNAVAILABLE_REASONS = {
  dates_taken: "its machines are booked for those dates",
  no_machine: "it has no machine of that type",
  too_far: "the job site is too far for it to deliver",
} as const;
export const unavailableReasonSchema = z.enum(Object.keys(UNAVAILABLE_REASONS) as [keyof typeof UNAVAILABLE_REASONS]);
export type UnavailableReason = z.infer<typeof unavailableReasonSchema>;

/** What private.hand_on queues for the renter: the vendor it was handed on from (its name then) and why. */
const passedOnPayloadSchema = z.object({ from_vendor_name: z.string().nullable(), why: handedWhySchema });
export type PassedOnPayload = z.infer<typeof passedOnPayloadSchema>;

const none = z.object({});
const aboutQuote = z.object({ quote_id: z.number(), revised: z.boolean().optional() });
const aboutExtension = aboutQuote.extend({ extension_id: z.number() });
const aboutLine = aboutQuote.extend({ line_id: z.number() });

/**
 * Each kind of message and what its payload holds. A row of a kind this code does not know, or
 * whose payload does not fit its kind, is failed at once.
 */
const kindSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("lead"), payload: none }),
  z.object({ kind: z.literal("renter_copy"), payload: renterCopyPayloadSchema }),
  z.object({ kind: z.literal("listing_live"), payload: listingLivePayloadSchema }),
  z.object({ kind: z.literal("sign_in"), payload: none }),
  z.object({ kind: z.literal("claim_link"), payload: claimLinkPayloadSchema }),
  z.object({ kind: z.literal("review_invite"), payload: none }),
  z.object({ kind: z.literal("quote"), payload: aboutQuote }),
  z.object({ kind: z.literal("quote_withdrawn"), payload: aboutQuote }),
  z.object({ kind: z.literal("booked"), payload: aboutQuote }),
  z.object({ kind: z.literal("booking_confirmation"), payload: aboutQuote }),
  z.object({ kind: z.literal("chose_another"), payload: aboutQuote }),
  z.object({ kind: z.literal("booking_cancelled"), payload: aboutQuote }),
  z.object({ kind: z.literal("window_confirmed"), payload: aboutQuote }),
  z.object({ kind: z.literal("released_renter"), payload: aboutQuote }),
  z.object({ kind: z.literal("released_vendor"), payload: aboutQuote }),
  z.object({ kind: z.literal("on_the_way"), payload: aboutQuote }),
  z.object({ kind: z.literal("delivered"), payload: aboutQuote }),
  z.object({ kind: z.literal("problem_reported"), payload: aboutQuote }),
  z.object({ kind: z.literal("extension_asked"), payload: aboutExtension }),
  z.object({ kind: z.literal("extension_answered"), payload: aboutExtension }),
  z.object({ kind: z.literal("called_off"), payload: aboutQuote }),
  z.object({ kind: z.literal("picked_up"), payload: aboutQuote }),
  z.object({ kind: z.literal("bill_ready"), payload: aboutQuote }),
  z.object({ kind: z.literal("line_disputed"), payload: aboutLine }),
  z.object({ kind: z.literal("review_published"), payload: reviewPublishedPayloadSchema }),
  z.object({ kind: z.literal("passed_on"), payload: passedOnPayloadSchema }),
  z.object({ kind: z.literal("passed_vendor"), payload: none }),
  z.object({ kind: z.literal("unavailable"), payload: z.object({ reason: unavailableReasonSchema }) }),
]);

/** A claimed row with its kind and payload checked. */
export type ClaimedMessage = Omit<ClaimedRow, "kind" | "payload"> & z.infer<typeof kindSchema>;
export type Kind = ClaimedMessage["kind"];
export type Message<K extends Kind> = Extract<ClaimedMessage, { kind: K }>;

/** The claimed row as a message of its kind; a PermanentFailure when it fits no kind. */
export function messageOf(claimed: unknown): ClaimedMessage {
  const fields = claimedRowSchema.safeParse(claimed);
  if (!fields.success) throw new PermanentFailure(`The message does not fit the outbox's rows: ${z.prettifyError(fields.error)}`);
  const row = fields.data;
  const kind = kindSchema.safeParse(row);
  if (kind.success) return { ...row, ...kind.data };
  if (kind.error.issues.some((issue) => issue.path[0] === "kind"))
    throw new PermanentFailure(`No email template for messages of kind ${row.kind}`);
  throw new PermanentFailure(`The ${row.kind} message's payload does not fit its kind: ${z.prettifyError(kind.error)}`);
}
