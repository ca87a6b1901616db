import {
  escapeHtml,
  machineName,
  recipientsSentence,
  requestRows,
  requestTable,
  type ClaimedLead,
  type RecipientReason,
} from "./lead-email";

/** What complete_lead queues for a renter who gave an email address: the vendors it went to, as they were then. */
export interface RenterCopyPayload {
  recipients: Array<{ name: string; phone: string | null }>;
}

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
): { subject: string; text: string; html: string } {
  const machine = machineName(lead);
  const rows = requestRows(lead);
  const vendors = payload.recipients.map((vendor) => `${vendor.name}${vendor.phone ? `, ${vendor.phone}` : ""}`);
  // Reasons that do not match the vendors one for one say nothing of why each received it.
  const sentence = recipientsSentence(
    reasons.length === vendors.length ? reasons.map(why) : vendors.map(() => null),
    lead.location,
    "past",
  );
  const sentTo = vendors.length === 0 ? [sentence] : [`${sentence} They will call you back:`, "", ...vendors.map((line) => `- ${line}`)];
  const subject = `Your rental request #${lead.id}: ${machine}, ${lead.rental_days} day${lead.rental_days === 1 ? "" : "s"} near ${lead.location}`;
  const text = [
    `Hello ${lead.name},`,
    "",
    "Here is a copy of the rental request you sent through Skid Steer Rentals:",
    "",
    ...rows.map(([label, value]) => `${label}: ${value}`),
    "",
    ...sentTo,
    "",
    `See whether each vendor has received it and contacted you, or withdraw it (the link works for 90 days): ${statusLink}`,
    "",
    REVIEW_LINE,
    "",
    `Request #${lead.id}`,
  ].join("\n");
  const html =
    `<p>Hello ${escapeHtml(lead.name)},</p><p>Here is a copy of the rental request you sent through Skid Steer Rentals:</p>${requestTable(rows)}` +
    (vendors.length === 0
      ? `<p>${escapeHtml(sentTo[0])}</p>`
      : `<p>${escapeHtml(sentTo[0])}</p><ul>${vendors.map((line) => `<li>${escapeHtml(line)}</li>`).join("")}</ul>`) +
    `<p><a href="${escapeHtml(statusLink)}">See your request's status</a> (whether each vendor has received it and contacted you, or withdraw it; the link works for 90 days)</p>` +
    `<p>${escapeHtml(REVIEW_LINE)}</p><p>Request #${lead.id}</p>`;
  return { subject, text, html };
}
