import { escapeHtml } from "./lead-email";

/** What business_claim_start queues with a claim link's email. */
export interface ClaimLinkPayload {
  listing: string;
}

/** A sign-in or claim link's email. The link works once, for 30 minutes. */
export function linkEmail(link: string, claim: ClaimLinkPayload | null): { subject: string; text: string; html: string } {
  const subject = claim ? `Claim ${claim.listing} on Skid Steer Rentals` : "Your sign-in link for Skid Steer Rentals";
  const intro = claim
    ? `Open this link to claim ${claim.listing} and manage the listing:`
    : "Open this link to sign in and manage your listing:";
  const outro = "The link works once, for 30 minutes. If you did not ask for it, ignore this email.";
  return {
    subject,
    text: [intro, "", link, "", outro].join("\n"),
    html: `<p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p><p>${escapeHtml(outro)}</p>`,
  };
}
