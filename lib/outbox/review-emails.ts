import { escapeHtml, machineName, type ClaimedLead } from "./lead-email";

type Email = { subject: string; text: string; html: string };

/** The renter's invitation to review the vendors that received their request, with its status link. */
export function reviewInviteEmail(lead: ClaimedLead, vendors: string[], statusLink: string): Email {
  const subject = `How did it go? Review ${vendors.length === 1 ? vendors[0] : "the vendors of your rental request"}`;
  const intro = `You sent a rental request through Skid Steer Rentals (${machineName(lead)}, request #${lead.id}). Tell other renters how it went with ${vendors.length === 1 ? "this vendor" : "these vendors"}:`;
  const text = [
    `Hello ${lead.name},`,
    "",
    intro,
    "",
    ...vendors.map((name) => `- ${name}`),
    "",
    `Write your review on your request's page (the link works for 90 days): ${statusLink}`,
    "",
    "Reviews are read by our team before they are published, with your first name and initial.",
  ].join("\n");
  const html =
    `<p>Hello ${escapeHtml(lead.name)},</p><p>${escapeHtml(intro)}</p><ul>${vendors.map((name) => `<li>${escapeHtml(name)}</li>`).join("")}</ul>` +
    `<p><a href="${escapeHtml(statusLink)}">Write your review</a> (the link works for 90 days)</p>` +
    "<p>Reviews are read by our team before they are published, with your first name and initial.</p>";
  return { subject, text, html };
}

/** What the operator's publishing queues for the business (operator_moderate_review). */
export interface ReviewPublishedPayload {
  review_id: number;
  vendor_id: number;
  vendor_name: string;
  stars: number;
  body: string | null;
  author: string;
  /** Whether the address manages the listing (and can reply at /business) or must claim it first. */
  claimed: boolean;
}

/** The business's notice of a newly published review, with a link to reply. */
export function reviewPublishedEmail(payload: ReviewPublishedPayload, site: string): Email {
  const link = payload.claimed ? `${site}/business#review-${payload.review_id}` : `${site}/business/claim/${payload.vendor_id}`;
  const action = payload.claimed ? "Reply to it" : "Claim your listing to reply to it";
  const subject = `New review of ${payload.vendor_name}: ${payload.stars} out of 5 stars`;
  const text = [
    `Hello ${payload.vendor_name},`,
    "",
    `${payload.author} reviewed you on Skid Steer Rentals after sending you a rental request: ${payload.stars} out of 5 stars.`,
    ...(payload.body ? ["", payload.body] : []),
    "",
    `${action}: ${link}`,
  ].join("\n");
  const html =
    `<p>Hello ${escapeHtml(payload.vendor_name)},</p><p>${escapeHtml(payload.author)} reviewed you on Skid Steer Rentals after sending you a rental request: ${payload.stars} out of 5 stars.</p>` +
    (payload.body ? `<blockquote>${escapeHtml(payload.body)}</blockquote>` : "") +
    `<p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p>`;
  return { subject, text, html };
}
