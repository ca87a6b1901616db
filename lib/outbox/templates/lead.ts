import type { ClaimedLead, ClaimedVendor } from "../rows";
import { machineName, plural, requestRows } from "./format";
import { email, link, markup, rowLines, table, type Email } from "./layout";

/** The links a vendor's copy carries, each acting without a sign-in (made by lib/outbox/links.ts). */
export interface LeadEmailLinks {
  contacted: string;
  /** The quote form of this request. */
  quote: string;
  optOut: string;
  /** The one-click opt-out (RFC 8058) that the List-Unsubscribe header names. */
  unsubscribe: string;
  claim: string | null;
}

/** How the visitor came to this vendor, in a line the vendor can act on. */
function howTheyFoundYou(vendor: ClaimedVendor, zip: string): string {
  if (vendor.reason === "vendor_page") return "The customer sent this request from your listing page on Skid Steer Rentals.";
  const distance = vendor.distance_miles === null ? "" : ` about ${vendor.distance_miles} miles from you`;
  return `The customer asked Skid Steer Rentals for vendors near ZIP ${zip}${distance}; you are one of up to 3 vendors who received it.`;
}

/** The vendor's copy of a rental request. */
export function leadEmail(lead: ClaimedLead, vendor: ClaimedVendor, links: LeadEmailLinks): Email {
  const rows = requestRows(lead);
  const found = howTheyFoundYou(vendor, lead.location);
  const claim = links.claim && markup` · ${link(links.claim, "Claim your listing")}`;
  return email({
    subject: `Rental request: ${machineName(lead)}, ${plural(lead.rental_days, "day")} near ${lead.location}`,
    text: [
      `Hello ${vendor.name},`,
      "",
      "A customer would like to rent a skid steer:",
      "",
      ...rowLines(rows),
      "",
      found,
      "Please call them back soon.",
      "",
      `Send a quote: ${links.quote}`,
      `I've contacted this customer: ${links.contacted}`,
      ...(links.claim ? [`Claim your listing: ${links.claim}`] : []),
      `Stop sending me requests: ${links.optOut}`,
      "",
      `Request #${lead.id}`,
    ],
    html: [
      markup`<p>Hello ${vendor.name},</p>`,
      markup`<p>A customer would like to rent a skid steer:</p>`,
      table(rows),
      markup`<p>${found}</p>`,
      markup`<p>Please call them back soon.</p>`,
      markup`<p>${link(links.quote, "Send a quote")} · ${link(links.contacted, "I've contacted this customer")}${claim}</p>`,
      markup`<p>Request #${lead.id} · ${link(links.optOut, "Stop sending me requests")}</p>`,
    ],
    headers: { "List-Unsubscribe": `<${links.unsubscribe}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  });
}
