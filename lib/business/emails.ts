import "server-only";
import { randomUUID } from "node:crypto";
import { linkUrl, type LinkPurpose } from "../auth/links";
import { escapeHtml } from "../outbox/lead-email";
import { sendMail } from "../outbox/transport";
import { siteUrl } from "../site";

/**
 * Sends a sign-in or claim link at once, not through the outbox: the outbox keeps what it
 * sends, and only a token's hash may be kept. The link works once, for 30 minutes.
 */
export async function sendLinkEmail(to: string, purpose: Extract<LinkPurpose, "sign_in" | "claim">, token: string, listing?: string): Promise<void> {
  const link = linkUrl(siteUrl(), purpose, token);
  const subject = purpose === "claim" ? `Claim ${listing} on Skid Steer Rentals` : "Your sign-in link for Skid Steer Rentals";
  const intro = purpose === "claim"
    ? `Open this link to claim ${listing} and manage the listing:`
    : "Open this link to sign in and manage your listing:";
  const outro = "The link works once, for 30 minutes. If you did not ask for it, ignore this email.";
  await sendMail({
    to, subject, messageId: `<${purpose.replace("_", "-")}-${randomUUID()}@skidsteer-rentals>`,
    text: [intro, "", link, "", outro].join("\n"),
    html: `<p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p><p>${escapeHtml(outro)}</p>`,
  });
}
