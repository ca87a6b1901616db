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
  /** The address the renter gave, if any: only the vendor they book is shown it. */
  email?: string | null;
}

export interface ClaimedVendor {
  id: number;
  name: string;
  email: string | null;
  /** How the request reached the vendor; null on a message that is not about a request. */
  reason: RecipientReason | null;
  distance_miles: number | null;
}

export const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

const longDay = (isoDay: string) => format(parseISO(isoDay), "EEEE, MMMM d, yyyy");

/** Why a vendor received a request (lead_recipients.reason): it was sent from the vendor's page, or the vendor is near the job site. */
export type RecipientReason = "vendor_page" | "nearby";

const vendors = (count: number) => `${count} vendor${count === 1 ? "" : "s"}`;

/**
 * Whom a request goes (or went) to, as the renter is told it: how many vendors, and why each
 * received it: the vendor they chose (whose page they sent it from) and those near the job
 * site's ZIP. `reasons` holds one reason per vendor; with any unknown, the sentence gives the
 * count alone. Never says a vendor serves the ZIP: routing does not record that.
 */
export function recipientsSentence(reasons: ReadonlyArray<RecipientReason | null | undefined>, zip: string, tense: "now" | "past"): string {
  const verb = tense === "now" ? "is going" : "went";
  if (reasons.length === 0)
    return tense === "now"
      ? `No vendor serves ZIP ${zip} yet: we have kept your request and will find one for you.`
      : `No vendor serves ZIP ${zip} yet: our team has your request and will find one for you.`;
  const chosen = reasons.filter((reason) => reason === "vendor_page").length;
  const nearby = reasons.filter((reason) => reason === "nearby").length;
  if (chosen + nearby < reasons.length) return `Your request ${verb} to ${vendors(reasons.length)}.`;
  if (nearby === 0) return `Your request ${verb} to ${vendors(chosen)}: the one you chose.`;
  if (chosen === 0) return `Your request ${verb} to ${vendors(nearby)} near ZIP ${zip}.`;
  return `Your request ${verb} to ${vendors(reasons.length)}: the one you chose and ${nearby} near ZIP ${zip}.`;
}

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
