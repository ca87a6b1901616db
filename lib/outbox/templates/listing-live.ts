import type { ListingLivePayload } from "../rows";
import { email, link, markup, type Email } from "./layout";

/** The business's notice that its submitted listing is live, with the public link and, when stored, a sign-in link. */
export function listingLiveEmail(payload: ListingLivePayload, site: string, signIn: string | null): Email {
  const { country_slug, state_slug, city_slug, slug } = payload.address;
  const listing = `${site}/${country_slug}/${state_slug}/${city_slug}/${slug}`;
  return email({
    subject: `${payload.name} is now listed on Skid Steer Rentals`,
    text: [
      `Hello ${payload.name},`,
      "",
      "Your business is now listed on Skid Steer Rentals, and renters near you can send you rental requests:",
      "",
      listing,
      "",
      "Requests from customers are emailed to this address.",
      ...(signIn ? ["", `Sign in to manage your listing (the link works once, for 7 days): ${signIn}`] : []),
    ],
    html: [
      markup`<p>Hello ${payload.name},</p>`,
      markup`<p>Your business is now listed on Skid Steer Rentals, and renters near you can send you rental requests:</p>`,
      markup`<p>${link(listing, listing)}</p>`,
      markup`<p>Requests from customers are emailed to this address.</p>`,
      signIn && markup`<p>${link(signIn, "Sign in to manage your listing")} (the link works once, for 7 days)</p>`,
    ],
  });
}
