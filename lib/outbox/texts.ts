import type { SupabaseClient } from "@supabase/supabase-js";
import { z } from "zod";
import { quotePagePath } from "../auth/links";
import { hashToken, newToken } from "../auth/token";
import { callWith } from "../data/rpc";
import { centsText } from "../quotes/quote";
import { siteTime, windowText } from "../quotes/rental";
import { PermanentFailure } from "./failure";
import { statusLink } from "./links";
import { outboxQuoteSchema, UNAVAILABLE_REASONS, type ClaimedMessage, type OutboxQuote } from "./rows";
import { handedOnBecause } from "./templates/response-rules";

// The texts: one short message per kind that is texted (private.queue_text queues them), each
// with the site's name first and a link that works without signing in. The kinds that are not
// texted have no entry, and a text of such a kind fails at once.

const SITE = "Skid Steer Rentals";
const STOP = "Reply STOP to stop texts.";

/** "Dec 3 to Dec 5" for two ISO days. */
function days(start: string, end: string): string {
  const day = (iso: string) =>
    new Date(`${iso}T12:00:00Z`).toLocaleDateString("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
  return start === end ? day(start) : `${day(start)} to ${day(end)}`;
}

async function quoteOf(message: ClaimedMessage, client: SupabaseClient): Promise<OutboxQuote> {
  const id = (message.payload as { quote_id?: number }).quote_id;
  if (!id) throw new PermanentFailure("The text has no quote");
  const quote = await callWith(client, "outbox_quote", { p_quote_id: id }, outboxQuoteSchema.nullable());
  if (!quote) throw new PermanentFailure("The quote no longer exists");
  return quote;
}

/** The text's words, made from the claimed message as its kind says. */
export async function textBody(message: ClaimedMessage, site: string, client: SupabaseClient): Promise<string> {
  const lead = message.lead;
  if (!lead) throw new PermanentFailure("The text is not about a request");
  const machine = lead.skid_steer_type === "tracked" ? "tracked skid steer" : "wheeled skid steer";
  const asked = `${machine}, ${days(lead.rental_start_date, lead.rental_end_date)}, ZIP ${lead.location}`;
  const renterLink = () => statusLink(lead, site, client);
  switch (message.kind) {
    case "lead": {
      if (!message.vendor) throw new PermanentFailure("The text has no vendor");
      const token = newToken();
      const stored = await callWith(
        client,
        "lead_text_link",
        { p_lead_id: lead.id, p_vendor_id: message.vendor.id, p_quote_hash: hashToken(token) },
        z.boolean(),
      );
      const link = stored ? `${site}${quotePagePath(token)}` : `${site}/business`;
      return `${SITE}: new rental request #${lead.id}: ${asked}. Answer within 4 business hours: ${link} ${STOP}`;
    }
    case "booked": {
      const quote = await quoteOf(message, client);
      const by = quote.booking?.confirm_by
        ? ` Confirm a delivery window by ${siteTime(quote.booking.confirm_by, quote.booking.time_zone)}`
        : "";
      return `${SITE}: ${lead.name} booked your quote of ${centsText(quote.total_cents)} for request #${lead.id} (${asked}).${by}: ${site}/business ${STOP}`;
    }
    case "quote": {
      const quote = await quoteOf(message, client);
      return `${SITE}: ${quote.vendor.name} sent a quote of ${centsText(quote.total_cents)} for your ${machine} rental. Compare and book: ${await renterLink()} ${STOP}`;
    }
    case "booking_confirmation": {
      const quote = await quoteOf(message, client);
      return `${SITE}: you booked ${quote.vendor.name} for ${machine} rental, ${days(quote.booking?.start_date ?? lead.rental_start_date, quote.booking?.end_date ?? lead.rental_end_date)}. They confirm a delivery window next: ${await renterLink()} ${STOP}`;
    }
    case "window_confirmed": {
      const quote = await quoteOf(message, client);
      const window = quote.booking ? windowText(quote.booking) : null;
      return `${SITE}: ${quote.vendor.name} will deliver your ${machine} ${window ?? "in the window shown on your request"}. ${await renterLink()} ${STOP}`;
    }
    case "on_the_way": {
      const quote = await quoteOf(message, client);
      return `${SITE}: ${quote.vendor.name} is on the way with your ${machine}. ${await renterLink()} ${STOP}`;
    }
    case "delivered": {
      const quote = await quoteOf(message, client);
      return `${SITE}: ${quote.vendor.name} delivered your ${machine}. Confirm it arrived or report a problem: ${await renterLink()} ${STOP}`;
    }
    case "picked_up": {
      const quote = await quoteOf(message, client);
      return `${SITE}: ${quote.vendor.name} picked up the ${machine}. Your final bill follows: ${await renterLink()} ${STOP}`;
    }
    case "released_renter": {
      const quote = await quoteOf(message, client);
      return `${SITE}: ${quote.vendor.name} did not confirm a delivery window in time, so your booking was released. Book the next quote: ${await renterLink()} ${STOP}`;
    }
    case "passed_on":
      return `${SITE}: ${handedOnBecause(message.payload)}, so your request #${lead.id} also went to ${message.vendor?.name ?? "the next vendor"}. ${await renterLink()} ${STOP}`;
    case "unavailable":
      return `${SITE}: ${message.vendor?.name ?? "A vendor"} is not available for your request #${lead.id}: ${UNAVAILABLE_REASONS[message.payload.reason]}. ${await renterLink()} ${STOP}`;
    default:
      throw new PermanentFailure(`No text for messages of kind ${message.kind}`);
  }
}

/** What HELP, and any text the site does not understand, is answered with. */
export const HELP_ANSWER = `${SITE}: texts about your skid steer rental requests. Msg & data rates may apply. Reply STOP to stop texts, START to resume.`;
/** The answers to STOP and START. */
export const STOPPED_ANSWER = `${SITE}: you will get no more texts from us. Reply START to get them again.`;
export const STARTED_ANSWER = `${SITE}: texts are on again. Reply STOP to stop them.`;
