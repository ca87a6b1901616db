import type { ClaimedLead } from "../rows";
import { machineName } from "./format";
import { email, link, markup, type Email } from "./layout";

const MODERATION = "Reviews are read by our team before they are published, with your first name and initial.";

/** The renter's invitation to review the vendors that received their request, with its status link. */
export function reviewInviteEmail(lead: ClaimedLead, vendors: string[], statusLink: string): Email {
  const one = vendors.length === 1;
  const intro = `You sent a rental request through Skid Steer Rentals (${machineName(lead)}, request #${lead.id}). Tell other renters how it went with ${one ? "this vendor" : "these vendors"}:`;
  return email({
    subject: `How did it go? Review ${one ? vendors[0] : "the vendors of your rental request"}`,
    text: [
      `Hello ${lead.name},`,
      "",
      intro,
      "",
      ...vendors.map((name) => `- ${name}`),
      "",
      `Write your review on your request's page (the link works for 90 days): ${statusLink}`,
      "",
      MODERATION,
    ],
    html: [
      markup`<p>Hello ${lead.name},</p>`,
      markup`<p>${intro}</p>`,
      markup`<ul>${vendors.map((name) => markup`<li>${name}</li>`)}</ul>`,
      markup`<p>${link(statusLink, "Write your review")} (the link works for 90 days)</p>`,
      markup`<p>${MODERATION}</p>`,
    ],
  });
}
