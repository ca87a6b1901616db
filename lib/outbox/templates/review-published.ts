import type { ReviewPublishedPayload } from "../rows";
import { email, link, markup, type Email } from "./layout";

/** The business's notice of a newly published review, with a link to reply (or to claim the listing first). */
export function reviewPublishedEmail(payload: ReviewPublishedPayload, site: string): Email {
  const reply = payload.claimed ? `${site}/business#review-${payload.review_id}` : `${site}/business/claim/${payload.vendor_id}`;
  const action = payload.claimed ? "Reply to it" : "Claim your listing to reply to it";
  const reviewed = `${payload.author} reviewed you on Skid Steer Rentals after sending you a rental request: ${payload.stars} out of 5 stars.`;
  return email({
    subject: `New review of ${payload.vendor_name}: ${payload.stars} out of 5 stars`,
    text: [`Hello ${payload.vendor_name},`, "", reviewed, ...(payload.body ? ["", payload.body] : []), "", `${action}: ${reply}`],
    html: [
      markup`<p>Hello ${payload.vendor_name},</p>`,
      markup`<p>${reviewed}</p>`,
      payload.body && markup`<blockquote>${payload.body}</blockquote>`,
      markup`<p>${link(reply, action)}</p>`,
    ],
  });
}
