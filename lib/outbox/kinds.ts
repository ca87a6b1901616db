import type { SupabaseClient } from "@supabase/supabase-js";
import { z } from "zod";
import { callWith } from "../data/rpc";
import { PermanentFailure } from "./failure";
import { leadLinks, messageLink, statusLink } from "./links";
import { outboxQuoteSchema, type ClaimedMessage, type Kind, type Message } from "./rows";
import { bookedEmail } from "./templates/booked";
import { bookingCancelledEmail } from "./templates/booking-cancelled";
import { bookingConfirmationEmail } from "./templates/booking-confirmation";
import { choseAnotherEmail } from "./templates/chose-another";
import { claimLinkEmail } from "./templates/claim-link";
import { leadEmail } from "./templates/lead";
import { listingLiveEmail } from "./templates/listing-live";
import { quoteEmail } from "./templates/quote";
import { quoteWithdrawnEmail } from "./templates/quote-withdrawn";
import {
  billReadyEmail,
  calledOffEmail,
  deliveredEmail,
  extensionAnsweredEmail,
  extensionAskedEmail,
  lineDisputedEmail,
  onTheWayEmail,
  pickedUpEmail,
  problemReportedEmail,
  releasedRenterEmail,
  releasedVendorEmail,
  windowConfirmedEmail,
} from "./templates/rental";
import { renterCopyEmail } from "./templates/renter-copy";
import { passedOnEmail, passedVendorEmail, unavailableEmail } from "./templates/response-rules";
import { reviewInviteEmail } from "./templates/review-invite";
import { reviewPublishedEmail } from "./templates/review-published";
import { signInEmail } from "./templates/sign-in";
import type { OutgoingMail } from "./transport";

/** What rendering reads besides the message: the site's address for links, the database for links and quotes. */
interface Rendering {
  site: string;
  client: SupabaseClient;
}

/** A kind's mail: what its template needs beyond the claimed row (a link made now, the quote), then the template. */
type Render<K extends Kind> = (message: Message<K>, rendering: Rendering) => Promise<OutgoingMail>;

/** The Message-ID of a message sent once per outbox row. */
const rowMessageId = (message: ClaimedMessage) => `<${message.kind.replaceAll("_", "-")}-${message.id}@skidsteer-rentals>`;

const LINK_GONE = "The link would no longer work: the address manages no listing, or the listing was claimed";

function recipientOf(message: ClaimedMessage): string {
  if (!message.recipient) throw new PermanentFailure("The message has no recipient");
  return message.recipient;
}

type QuoteKind =
  | "quote"
  | "quote_withdrawn"
  | "booked"
  | "booking_confirmation"
  | "chose_another"
  | "booking_cancelled"
  | "window_confirmed"
  | "released_renter"
  | "released_vendor"
  | "on_the_way"
  | "delivered"
  | "problem_reported"
  | "extension_asked"
  | "extension_answered"
  | "called_off"
  | "picked_up"
  | "bill_ready"
  | "line_disputed";

/** The request, the address and the quote of an email about a quote or its booking. */
async function aboutQuote({ lead, recipient, payload }: Message<QuoteKind>, client: SupabaseClient) {
  if (!lead || !recipient) throw new PermanentFailure("The message has no request or no address");
  const quote = await callWith(client, "outbox_quote", { p_quote_id: payload.quote_id }, outboxQuoteSchema.nullable());
  if (!quote) throw new PermanentFailure("The quote no longer exists");
  return { lead, to: recipient, quote };
}

/** One entry per kind of message: a kind without its entry fails type checking. */
const kinds: { [K in Kind]: Render<K> } = {
  lead: async ({ lead, vendor }, { site, client }) => {
    if (!lead || !vendor?.email) throw new PermanentFailure("The vendor has no email address");
    const links = await leadLinks(lead, vendor, site, client);
    return { to: vendor.email, messageId: `<lead-${lead.id}-vendor-${vendor.id}@skidsteer-rentals>`, ...leadEmail(lead, vendor, links) };
  },
  renter_copy: async ({ lead, recipient, payload, recipients }, { site, client }) => {
    if (!lead || !recipient) throw new PermanentFailure("The renter's copy has no request or no address");
    const link = await statusLink(lead, site, client);
    const reasons = recipients.map((r) => r.reason);
    return { to: recipient, messageId: `<renter-copy-${lead.id}@skidsteer-rentals>`, ...renterCopyEmail(lead, payload, link, reasons) };
  },
  listing_live: async (message, { site, client }) => {
    const to = recipientOf(message);
    const signIn = await messageLink(message.id, "sign_in", site, client);
    return { to, messageId: rowMessageId(message), ...listingLiveEmail(message.payload, site, signIn) };
  },
  sign_in: async (message, { site, client }) => {
    const to = recipientOf(message);
    const link = await messageLink(message.id, "sign_in", site, client);
    if (!link) throw new PermanentFailure(LINK_GONE);
    return { to, messageId: rowMessageId(message), ...signInEmail(link) };
  },
  claim_link: async (message, { site, client }) => {
    const to = recipientOf(message);
    const link = await messageLink(message.id, "claim", site, client);
    if (!link) throw new PermanentFailure(LINK_GONE);
    return { to, messageId: rowMessageId(message), ...claimLinkEmail(message.payload, link) };
  },
  review_invite: async ({ lead, recipient }, { site, client }) => {
    if (!lead || !recipient) throw new PermanentFailure("The invitation has no request or no address");
    const vendors = await callWith(client, "review_invitation", { p_lead_id: lead.id }, z.array(z.string()));
    if (vendors.length === 0) throw new PermanentFailure("No vendor of the request can be reviewed");
    const link = await statusLink(lead, site, client);
    return { to: recipient, messageId: `<review-invite-${lead.id}@skidsteer-rentals>`, ...reviewInviteEmail(lead, vendors, link) };
  },
  quote: async (message, { site, client }) => {
    const { lead, to, quote } = await aboutQuote(message, client);
    const link = await statusLink(lead, site, client);
    return { to, messageId: rowMessageId(message), ...quoteEmail(lead, quote, message.payload.revised ?? false, link) };
  },
  quote_withdrawn: async (message, { site, client }) => {
    const { lead, to, quote } = await aboutQuote(message, client);
    const link = await statusLink(lead, site, client);
    return { to, messageId: rowMessageId(message), ...quoteWithdrawnEmail(lead, quote, link) };
  },
  booked: async (message, { site, client }) => {
    const { lead, to, quote } = await aboutQuote(message, client);
    return { to, messageId: rowMessageId(message), ...bookedEmail(lead, quote, site) };
  },
  booking_confirmation: async (message, { site, client }) => {
    const { lead, to, quote } = await aboutQuote(message, client);
    const link = await statusLink(lead, site, client);
    return { to, messageId: rowMessageId(message), ...bookingConfirmationEmail(lead, quote, link, site) };
  },
  chose_another: async (message, { client }) => {
    const { lead, to } = await aboutQuote(message, client);
    return { to, messageId: rowMessageId(message), ...choseAnotherEmail(lead, message.vendor?.name ?? "") };
  },
  booking_cancelled: async (message, { client }) => {
    const { lead, to, quote } = await aboutQuote(message, client);
    return { to, messageId: rowMessageId(message), ...bookingCancelledEmail(lead, quote) };
  },
  window_confirmed: async (message, { site, client }) => {
    const { lead, to, quote } = await aboutQuote(message, client);
    const link = await statusLink(lead, site, client);
    return { to, messageId: rowMessageId(message), ...windowConfirmedEmail(lead, quote, link, site) };
  },
  released_renter: async (message, { site, client }) => {
    const { lead, to, quote } = await aboutQuote(message, client);
    const link = await statusLink(lead, site, client);
    return { to, messageId: rowMessageId(message), ...releasedRenterEmail(lead, quote, link) };
  },
  released_vendor: async (message, { client }) => {
    const { lead, to, quote } = await aboutQuote(message, client);
    return { to, messageId: rowMessageId(message), ...releasedVendorEmail(lead, quote) };
  },
  on_the_way: async (message, { site, client }) => {
    const { lead, to, quote } = await aboutQuote(message, client);
    const link = await statusLink(lead, site, client);
    return { to, messageId: rowMessageId(message), ...onTheWayEmail(lead, quote, link) };
  },
  delivered: async (message, { site, client }) => {
    const { lead, to, quote } = await aboutQuote(message, client);
    const link = await statusLink(lead, site, client);
    return { to, messageId: rowMessageId(message), ...deliveredEmail(lead, quote, link) };
  },
  problem_reported: async (message, { site, client }) => {
    const { lead, to, quote } = await aboutQuote(message, client);
    return { to, messageId: rowMessageId(message), ...problemReportedEmail(lead, quote, site) };
  },
  extension_asked: async (message, { site, client }) => {
    const { lead, to, quote } = await aboutQuote(message, client);
    return { to, messageId: rowMessageId(message), ...extensionAskedEmail(lead, quote, message.payload.extension_id, site) };
  },
  extension_answered: async (message, { site, client }) => {
    const { lead, to, quote } = await aboutQuote(message, client);
    const link = await statusLink(lead, site, client);
    return { to, messageId: rowMessageId(message), ...extensionAnsweredEmail(lead, quote, message.payload.extension_id, link, site) };
  },
  called_off: async (message, { site, client }) => {
    const { lead, to, quote } = await aboutQuote(message, client);
    return { to, messageId: rowMessageId(message), ...calledOffEmail(lead, quote, site) };
  },
  picked_up: async (message, { site, client }) => {
    const { lead, to, quote } = await aboutQuote(message, client);
    const link = await statusLink(lead, site, client);
    return { to, messageId: rowMessageId(message), ...pickedUpEmail(lead, quote, link) };
  },
  bill_ready: async (message, { site, client }) => {
    const { lead, to, quote } = await aboutQuote(message, client);
    const link = await statusLink(lead, site, client);
    return { to, messageId: rowMessageId(message), ...billReadyEmail(lead, quote, link) };
  },
  line_disputed: async (message, { site, client }) => {
    const { lead, to, quote } = await aboutQuote(message, client);
    return { to, messageId: rowMessageId(message), ...lineDisputedEmail(lead, quote, message.payload.line_id, site) };
  },
  passed_on: async (message, { site, client }) => {
    const { lead, recipient, vendor, payload } = message;
    if (!lead || !recipient || !vendor) throw new PermanentFailure("The message has no request, vendor or address");
    const link = await statusLink(lead, site, client);
    return { to: recipient, messageId: rowMessageId(message), ...passedOnEmail(lead, vendor.name, payload, link) };
  },
  passed_vendor: async (message, { site }) => {
    const to = recipientOf(message);
    if (!message.lead || !message.vendor) throw new PermanentFailure("The message has no request or vendor");
    return { to, messageId: rowMessageId(message), ...passedVendorEmail(message.lead, message.vendor.name, site) };
  },
  unavailable: async (message, { site, client }) => {
    const { lead, recipient, vendor, payload } = message;
    if (!lead || !recipient || !vendor) throw new PermanentFailure("The message has no request, vendor or address");
    const link = await statusLink(lead, site, client);
    return { to: recipient, messageId: rowMessageId(message), ...unavailableEmail(lead, vendor.name, payload.reason, link) };
  },
  review_published: async (message, { site }) => ({
    to: recipientOf(message),
    messageId: rowMessageId(message),
    ...reviewPublishedEmail(message.payload, site),
  }),
};

/** The message's mail, made by its kind. */
export function renderMail(message: ClaimedMessage, rendering: Rendering): Promise<OutgoingMail> {
  // TypeScript does not tie the entry it looks up to the message's kind; the record's type does.
  return (kinds[message.kind] as Render<Kind>)(message, rendering);
}
