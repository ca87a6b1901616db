import type { ClaimedLead, RecipientReason, RenterCopyPayload } from "../rows";
import { machineName, plural, recipientsSentence, requestRows } from "./format";
import { email, link, markup, rowLines, table, type Email } from "./layout";

const REVIEW_LINE =
  "Once a vendor has contacted you, or from your rental's start date on, you can review them on the same page: your review helps other renters.";

const why = (reason: string): RecipientReason | null => (reason === "vendor_page" || reason === "nearby" ? reason : null);

/**
 * The renter's copy of their own request: what they asked for, who received it with each phone
 * and why (`reasons`: each recipient's lead_recipients.reason, in the payload's order, as the
 * claim reads them now; the routing never changes after the request is sent), and the status link.
 */
export function renterCopyEmail(
  lead: ClaimedLead,
  payload: RenterCopyPayload,
  statusLink: string,
  reasons: ReadonlyArray<string> = [],
): Email {
  const rows = requestRows(lead);
  const vendors = payload.recipients.map((vendor) => `${vendor.name}${vendor.phone ? `, ${vendor.phone}` : ""}`);
  // Reasons that do not match the vendors one for one say nothing of why each received it.
  const sentence = recipientsSentence(
    reasons.length === vendors.length ? reasons.map(why) : vendors.map(() => null),
    lead.location,
    "past",
  );
  const sentTo = vendors.length === 0 ? sentence : `${sentence} They will call you back:`;
  return email({
    subject: `Your rental request #${lead.id}: ${machineName(lead)}, ${plural(lead.rental_days, "day")} near ${lead.location}`,
    text: [
      `Hello ${lead.name},`,
      "",
      "Here is a copy of the rental request you sent through Skid Steer Rentals:",
      "",
      ...rowLines(rows),
      "",
      sentTo,
      ...(vendors.length === 0 ? [] : ["", ...vendors.map((line) => `- ${line}`)]),
      "",
      `See whether each vendor has received it and contacted you, or withdraw it (the link works for 90 days): ${statusLink}`,
      "",
      REVIEW_LINE,
      "",
      `Request #${lead.id}`,
    ],
    html: [
      markup`<p>Hello ${lead.name},</p>`,
      markup`<p>Here is a copy of the rental request you sent through Skid Steer Rentals:</p>`,
      table(rows),
      markup`<p>${sentTo}</p>`,
      vendors.length > 0 && markup`<ul>${vendors.map((line) => markup`<li>${line}</li>`)}</ul>`,
      markup`<p>${link(statusLink, "See your request's status")} (whether each vendor has received it and contacted you, or withdraw it; the link works for 90 days)</p>`,
      markup`<p>${REVIEW_LINE}</p>`,
      markup`<p>Request #${lead.id}</p>`,
    ],
  });
}
