import { format, parseISO } from "date-fns";

export interface ClaimedLead {
  id: number;
  name: string;
  phone: string;
  skid_steer_type: "wheeled" | "tracked";
  rental_start_date: string;
  rental_end_date: string;
  rental_days: number;
  location: string;
  completed_at: string;
  vendor_id: number | null;
  vendor_name: string | null;
}

export interface ClaimedVendor {
  id: number;
  name: string;
  email: string | null;
  /** How the request reached the vendor; null on a message that is not about a request. */
  reason: "vendor_page" | "nearby" | null;
  distance_miles: number | null;
}

export const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

const longDay = (isoDay: string) => format(parseISO(isoDay), "EEEE, MMMM d, yyyy");

/** How the visitor came to this vendor, in a line the vendor can act on. */
function howTheyFoundYou(vendor: ClaimedVendor, zip: string): string {
  if (vendor.reason === "vendor_page") return "The customer sent this request from your listing page on Skid Steer Rentals.";
  const distance = vendor.distance_miles === null ? "" : ` about ${vendor.distance_miles} miles from you`;
  return `The customer asked Skid Steer Rentals for vendors near ZIP ${zip}${distance}; you are one of up to 3 vendors who received it.`;
}

/** The links a vendor's copy carries, each acting without a sign-in (lib/business/lead-links.ts). */
export interface LeadEmailLinks {
  contacted: string;
  /** The quote form of this request. */
  quote: string;
  optOut: string;
  claim: string | null;
}

export const machineName = (lead: ClaimedLead) => (lead.skid_steer_type === "tracked" ? "Tracked Skid Steer" : "Wheeled Skid Steer");

/** What the renter asked for, as the vendor's and the renter's copies both list it. */
export function requestRows(lead: ClaimedLead): Array<[string, string]> {
  return [
    ["Machine", machineName(lead)],
    ["Start date", longDay(lead.rental_start_date)],
    ["End date", longDay(lead.rental_end_date)],
    ["Rental days", String(lead.rental_days)],
    ["Job site ZIP", lead.location],
    ["Name", lead.name],
    ["Phone", lead.phone],
  ];
}

/** The request's rows as an HTML table. */
export const requestTable = (rows: Array<[string, string]>) =>
  `<table>${rows.map(([label, value]) => `<tr><th align="left">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`).join("")}</table>`;

/** The vendor's copy of a rental request: subject, plain text and HTML. */
export function leadEmail(
  lead: ClaimedLead,
  vendor: ClaimedVendor,
  links: LeadEmailLinks,
): { subject: string; text: string; html: string } {
  const machine = machineName(lead);
  const rows = requestRows(lead);
  const found = howTheyFoundYou(vendor, lead.location);
  const subject = `Rental request: ${machine}, ${lead.rental_days} day${lead.rental_days === 1 ? "" : "s"} near ${lead.location}`;
  const text = [
    `Hello ${vendor.name},`,
    "",
    "A customer would like to rent a skid steer:",
    "",
    ...rows.map(([label, value]) => `${label}: ${value}`),
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
  ].join("\n");
  const link = (href: string, label: string) => `<a href="${escapeHtml(href)}">${escapeHtml(label)}</a>`;
  const html =
    `<p>Hello ${escapeHtml(vendor.name)},</p><p>A customer would like to rent a skid steer:</p>${requestTable(rows)}<p>${escapeHtml(found)}</p><p>Please call them back soon.</p>` +
    `<p>${link(links.quote, "Send a quote")} · ${link(links.contacted, "I've contacted this customer")}${links.claim ? ` · ${link(links.claim, "Claim your listing")}` : ""}</p>` +
    `<p>Request #${lead.id} · ${link(links.optOut, "Stop sending me requests")}</p>`;
  return { subject, text, html };
}
