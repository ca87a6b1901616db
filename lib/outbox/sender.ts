import type { SupabaseClient } from "@supabase/supabase-js";
import { z } from "zod";
import { callWith } from "../data/rpc";
import { listingAddressSchema } from "../directory/types";
import { serviceSupabase } from "../supabase/server";
import { siteUrl } from "../site";
import { linkUrl, oneClickOptOutUrl, quotePagePath } from "../auth/links";
import { hashToken, newToken } from "../auth/token";
import { leadEmail, type ClaimedLead, type ClaimedVendor } from "./lead-email";
import { linkEmail } from "./link-email";
import { listingLiveEmail } from "./listing-live-email";
import {
  bookedEmail,
  bookingCancelledEmail,
  bookingConfirmationEmail,
  choseAnotherEmail,
  outboxQuoteSchema,
  quoteEmail,
  quoteWithdrawnEmail,
  rentalInvitation,
} from "./quote-emails";
import { renterCopyEmail } from "./renter-copy-email";
import { reviewInviteEmail, reviewPublishedEmail, type ReviewPublishedPayload } from "./review-emails";
import { sendMail, type OutgoingMail } from "./transport";

const text = z.string().nullable();

const claimedLeadSchema: z.ZodType<ClaimedLead> = z.object({
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
  email: text.optional(),
});

const claimedVendorSchema: z.ZodType<ClaimedVendor> = z.object({
  id: z.number(),
  name: z.string(),
  email: text,
  reason: z.enum(["vendor_page", "nearby"]).nullable(),
  distance_miles: z.number().nullable(),
});

/** A row as claim_outbox_messages returns it; its kind and payload are read on their own, row by row. */
const claimedRowSchema = z.object({
  id: z.number(),
  claim_id: z.string(),
  channel: z.enum(["email", "webhook"]),
  attempts: z.number(),
  /** The address of a message to someone other than a lead's vendor. */
  recipient: text,
  lead: claimedLeadSchema.nullable(),
  vendor: claimedVendorSchema.nullable(),
  recipients: z.array(z.object({ vendor_id: z.number(), vendor_name: z.string(), reason: z.string() })),
  kind: z.string(),
  payload: z.unknown(),
});
type ClaimedRow = z.infer<typeof claimedRowSchema>;

const none = z.object({});
const aboutQuote = z.object({ quote_id: z.number(), revised: z.boolean().optional() });

/**
 * Each kind of message: which template renders it and what its payload holds. A row of a
 * kind this code does not know, or whose payload does not fit its kind, is failed at once.
 */
const kindSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("lead"), payload: none }),
  z.object({ kind: z.literal("renter_copy"), payload: z.object({ recipients: z.array(z.object({ name: z.string(), phone: text })) }) }),
  z.object({ kind: z.literal("listing_live"), payload: z.object({ name: z.string(), address: listingAddressSchema }) }),
  z.object({ kind: z.literal("sign_in"), payload: none }),
  z.object({ kind: z.literal("claim_link"), payload: z.object({ listing: z.string() }) }),
  z.object({ kind: z.literal("review_invite"), payload: none }),
  z.object({ kind: z.literal("quote"), payload: aboutQuote }),
  z.object({ kind: z.literal("quote_withdrawn"), payload: aboutQuote }),
  z.object({ kind: z.literal("booked"), payload: aboutQuote }),
  z.object({ kind: z.literal("booking_confirmation"), payload: aboutQuote }),
  z.object({ kind: z.literal("chose_another"), payload: aboutQuote }),
  z.object({ kind: z.literal("booking_cancelled"), payload: aboutQuote }),
  z.object({
    kind: z.literal("review_published"),
    payload: z.object({
      review_id: z.number(),
      vendor_id: z.number(),
      vendor_name: z.string(),
      stars: z.number(),
      body: text,
      author: z.string(),
      claimed: z.boolean(),
    }) satisfies z.ZodType<ReviewPublishedPayload>,
  }),
]);

/** A message as the templates read it: its row, with the kind and payload checked. */
type ClaimedMessage = Omit<ClaimedRow, "kind" | "payload"> & z.infer<typeof kindSchema>;

/** What the claim returns: each row is read on its own, so one that fits no template fails alone. */
const claimedRowsSchema = z.array(z.looseObject({ id: z.number(), claim_id: z.string(), kind: z.string() })).nullable();

/** The claimed row as a message of its kind; a PermanentFailure when no template fits it. */
function messageOf(claimed: unknown): ClaimedMessage {
  const fields = claimedRowSchema.safeParse(claimed);
  if (!fields.success) throw new PermanentFailure(`The message does not fit the outbox's rows: ${z.prettifyError(fields.error)}`);
  const row = fields.data;
  const kind = kindSchema.safeParse(row);
  if (kind.success) return { ...row, ...kind.data };
  if (kind.error.issues.some((issue) => issue.path[0] === "kind"))
    throw new PermanentFailure(`No email template for messages of kind ${row.kind}`);
  throw new PermanentFailure(`The ${row.kind} message's payload does not fit its kind: ${z.prettifyError(kind.error)}`);
}

type Message<Kind extends ClaimedMessage["kind"]> = Extract<ClaimedMessage, { kind: Kind }>;

/** A failure that retrying cannot fix: the message is marked failed at once. */
class PermanentFailure extends Error {}

const BATCH = 20;
export const MAX_ATTEMPTS = 6;

// The email of each kind of message, built from what the claim carries. A link's token is
// made as its email is rendered and only its hash stored: the outbox keeps no token.

async function vendorLeadEmail({ lead, vendor }: Message<"lead">, site: string, client: SupabaseClient): Promise<OutgoingMail> {
  if (!lead || !vendor?.email) throw new PermanentFailure("The vendor has no email address");
  const [contacted, optOut, claim, quote] = [newToken(), newToken(), newToken(), newToken()];
  const stored = await callWith(
    client,
    "lead_email_links",
    {
      p_lead_id: lead.id,
      p_vendor_id: vendor.id,
      p_contacted_hash: hashToken(contacted),
      p_opt_out_hash: hashToken(optOut),
      p_claim_hash: hashToken(claim),
      p_quote_hash: hashToken(quote),
    },
    z.object({ claim: z.boolean() }),
  );
  const links = {
    contacted: linkUrl(site, "lead_contacted", contacted),
    quote: `${site}${quotePagePath(quote)}`,
    optOut: linkUrl(site, "opt_out", optOut),
    claim: stored.claim ? linkUrl(site, "claim", claim) : null,
  };
  return {
    to: vendor.email,
    ...leadEmail(lead, vendor, links),
    messageId: `<lead-${lead.id}-vendor-${vendor.id}@skidsteer-rentals>`,
    headers: { "List-Unsubscribe": `<${oneClickOptOutUrl(site, optOut)}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  };
}

/** A new link to the request's status page for its renter, stored (its hash) for 90 days. */
async function statusLink(lead: ClaimedLead, site: string, client: SupabaseClient): Promise<string> {
  const token = newToken();
  await callWith(client, "renter_status_link", { p_lead_id: lead.id, p_token_hash: hashToken(token) });
  return `${site}/requests/${lead.id}?${new URLSearchParams({ key: token })}`;
}

async function renterCopy(
  { lead, recipient, payload, recipients }: Message<"renter_copy">,
  site: string,
  client: SupabaseClient,
): Promise<OutgoingMail> {
  if (!lead || !recipient) throw new PermanentFailure("The renter's copy has no request or no address");
  const link = await statusLink(lead, site, client);
  return {
    to: recipient,
    ...renterCopyEmail(
      lead,
      payload,
      link,
      recipients.map((r) => r.reason),
    ),
    messageId: `<renter-copy-${lead.id}@skidsteer-rentals>`,
  };
}

async function reviewInvite({ lead, recipient }: Message<"review_invite">, site: string, client: SupabaseClient): Promise<OutgoingMail> {
  if (!lead || !recipient) throw new PermanentFailure("The invitation has no request or no address");
  const vendors = await callWith(client, "review_invitation", { p_lead_id: lead.id }, z.array(z.string()));
  if (vendors.length === 0) throw new PermanentFailure("No vendor of the request can be reviewed");
  const link = await statusLink(lead, site, client);
  return { to: recipient, ...reviewInviteEmail(lead, vendors, link), messageId: `<review-invite-${lead.id}@skidsteer-rentals>` };
}

/**
 * The emails of a quote and its booking: to the renter (the quote, its withdrawal, the
 * confirmation, each with the status link) and to vendors (booked, the renter chose another,
 * cancelled). The booked vendor's and the renter's copies carry the rental as a calendar
 * invitation.
 */
async function quoteMessage(
  message: Message<"quote" | "quote_withdrawn" | "booked" | "booking_confirmation" | "chose_another" | "booking_cancelled">,
  site: string,
  client: SupabaseClient,
): Promise<OutgoingMail> {
  const { lead, recipient, payload } = message;
  if (!lead || !recipient) throw new PermanentFailure("The message has no request or no address");
  const quote = await callWith(client, "outbox_quote", { p_quote_id: payload.quote_id }, outboxQuoteSchema.nullable());
  if (!quote) throw new PermanentFailure("The quote no longer exists");
  const messageId = `<${message.kind.replace("_", "-")}-${message.id}@skidsteer-rentals>`;
  switch (message.kind) {
    case "quote":
      return { to: recipient, ...quoteEmail(lead, quote, payload.revised ?? false, await statusLink(lead, site, client)), messageId };
    case "quote_withdrawn":
      return { to: recipient, ...quoteWithdrawnEmail(lead, quote, await statusLink(lead, site, client)), messageId };
    case "booked":
      return { to: recipient, ...bookedEmail(lead, quote), messageId, calendar: rentalInvitation(lead, quote, site) };
    case "booking_confirmation":
      return {
        to: recipient,
        ...bookingConfirmationEmail(lead, quote, await statusLink(lead, site, client)),
        messageId,
        calendar: rentalInvitation(lead, quote, site),
      };
    case "chose_another":
      return { to: recipient, ...choseAnotherEmail(lead, message.vendor?.name ?? ""), messageId };
    case "booking_cancelled":
      return { to: recipient, ...bookingCancelledEmail(lead, quote), messageId };
  }
}

/** The message's link (sign-in or claim), stored for its recipient; null when it would no longer work. */
async function messageLink(message: ClaimedMessage, client: SupabaseClient): Promise<string | null> {
  const token = newToken();
  return (await callWith(client, "outbox_link", { p_message_id: message.id, p_token_hash: hashToken(token) })) ? token : null;
}

async function listingLive(message: Message<"listing_live">, site: string, client: SupabaseClient): Promise<OutgoingMail> {
  if (!message.recipient) throw new PermanentFailure("The message has no recipient");
  const token = await messageLink(message, client);
  const signIn = token ? linkUrl(site, "sign_in", token) : null;
  return {
    to: message.recipient,
    ...listingLiveEmail(message.payload, site, signIn),
    messageId: `<listing-live-${message.id}@skidsteer-rentals>`,
  };
}

async function signInOrClaimLink(message: Message<"sign_in" | "claim_link">, site: string, client: SupabaseClient): Promise<OutgoingMail> {
  if (!message.recipient) throw new PermanentFailure("The message has no recipient");
  const token = await messageLink(message, client);
  if (!token) throw new PermanentFailure("The link would no longer work: the address manages no listing, or the listing was claimed");
  const claim = message.kind === "claim_link" ? message.payload : null;
  const link = linkUrl(site, claim ? "claim" : "sign_in", token);
  return {
    to: message.recipient,
    ...linkEmail(link, claim),
    messageId: `<${message.kind.replace("_", "-")}-${message.id}@skidsteer-rentals>`,
  };
}

function renderEmail(message: ClaimedMessage, site: string, client: SupabaseClient): Promise<OutgoingMail> {
  switch (message.kind) {
    case "lead":
      return vendorLeadEmail(message, site, client);
    case "renter_copy":
      return renterCopy(message, site, client);
    case "listing_live":
      return listingLive(message, site, client);
    case "sign_in":
    case "claim_link":
      return signInOrClaimLink(message, site, client);
    case "review_invite":
      return reviewInvite(message, site, client);
    case "quote":
    case "quote_withdrawn":
    case "booked":
    case "booking_confirmation":
    case "chose_another":
    case "booking_cancelled":
      return quoteMessage(message, site, client);
    case "review_published":
      if (!message.recipient) throw new PermanentFailure("The message has no recipient");
      return Promise.resolve({
        to: message.recipient,
        ...reviewPublishedEmail(message.payload, site),
        messageId: `<review-published-${message.id}@skidsteer-rentals>`,
      });
  }
}

async function deliverEmail(message: ClaimedMessage, env: NodeJS.ProcessEnv, client: SupabaseClient): Promise<string> {
  return sendMail(await renderEmail(message, (env.NEXT_PUBLIC_SITE_URL ?? siteUrl()).replace(/\/+$/, ""), client), env);
}

async function deliverWebhook(message: ClaimedMessage, webhook: string | undefined): Promise<string> {
  if (!webhook) throw new PermanentFailure("LEAD_WEBHOOK_URL is not set");
  const lead = message.lead;
  if (!lead) throw new PermanentFailure("Only a rental request is sent to the webhook");
  const response = await fetch(webhook, {
    method: "POST",
    headers: { "content-type": "application/json", "idempotency-key": `lead-${lead.id}` },
    body: JSON.stringify({
      lead_id: lead.id,
      vendor_id: lead.vendor_id,
      vendor_name: lead.vendor_name,
      name: lead.name,
      phone: lead.phone,
      skid_steer_type: lead.skid_steer_type,
      rental_start_date: lead.rental_start_date,
      rental_end_date: lead.rental_end_date,
      rental_days: lead.rental_days,
      job_zip: lead.location,
      completed_at: lead.completed_at,
      recipients: message.recipients,
    }),
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return "webhook";
}

export interface DrainResult {
  sent: number;
  failed: number;
}

/**
 * Sends every due outbox message. Messages are claimed in SQL (skip locked, with a
 * lease), so any number of drains in any number of instances send each message once.
 */
export async function drainOutbox({
  env = process.env,
  client = serviceSupabase(),
  maxMessages = 500,
}: { env?: NodeJS.ProcessEnv; client?: SupabaseClient; maxMessages?: number } = {}): Promise<DrainResult> {
  const result: DrainResult = { sent: 0, failed: 0 };
  while (result.sent + result.failed < maxMessages) {
    const messages = (await callWith(client, "claim_outbox_messages", { p_limit: BATCH, p_lease_seconds: 120 }, claimedRowsSchema)) ?? [];
    if (messages.length === 0) break;
    for (const row of messages) {
      let via: string | null = null;
      let failure: unknown = null;
      try {
        const message = messageOf(row);
        via = message.channel === "email" ? await deliverEmail(message, env, client) : await deliverWebhook(message, env.LEAD_WEBHOOK_URL);
      } catch (e) {
        failure = e;
      }
      await callWith(client, "record_outbox_message", {
        p_id: row.id,
        p_claim_id: row.claim_id,
        p_ok: failure === null,
        p_sent_via: via,
        p_error: failure === null ? null : failure instanceof Error ? failure.message : String(failure),
        p_max_attempts: failure instanceof PermanentFailure ? 1 : MAX_ATTEMPTS,
      });
      if (failure === null) result.sent++;
      else result.failed++;
    }
  }
  return result;
}

/**
 * Drains the outbox in the background and logs a failure: the one way every part of the
 * site (a completed lead, a sign-in or claim, an operator's resend, the timer) asks for
 * due messages to go.
 */
export function wakeOutbox(env: NodeJS.ProcessEnv = process.env): Promise<DrainResult | null> {
  return drainOutbox({ env }).catch((error: Error) => {
    console.error("Outbox drain failed:", error.message);
    return null;
  });
}
