import { escapeHtml } from "./lead-email";

/** What the approval queues for a new listing's business (operator_approve_submission). */
export interface ListingLivePayload {
  name: string;
  address: { country_slug: string; state_slug: string; city_slug: string; slug: string };
}

/** The business's notice that its submitted listing is live, with the public link and, when stored, a sign-in link. */
export function listingLiveEmail(
  payload: ListingLivePayload,
  site: string,
  signIn: string | null,
): { subject: string; text: string; html: string } {
  const { country_slug, state_slug, city_slug, slug } = payload.address;
  const link = `${site}/${country_slug}/${state_slug}/${city_slug}/${slug}`;
  const subject = `${payload.name} is now listed on Skid Steer Rentals`;
  const text = [
    `Hello ${payload.name},`,
    "",
    "Your business is now listed on Skid Steer Rentals, and renters near you can send you rental requests:",
    "",
    link,
    "",
    "Requests from customers are emailed to this address.",
    ...(signIn ? ["", `Sign in to manage your listing (the link works once, for 7 days): ${signIn}`] : []),
  ].join("\n");
  const html =
    `<p>Hello ${escapeHtml(payload.name)},</p><p>Your business is now listed on Skid Steer Rentals, and renters near you can send you rental requests:</p>` +
    `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p><p>Requests from customers are emailed to this address.</p>` +
    (signIn ? `<p><a href="${escapeHtml(signIn)}">Sign in to manage your listing</a> (the link works once, for 7 days)</p>` : "");
  return { subject, text, html };
}
