import { UNAVAILABLE_REASONS, type ClaimedLead, type PassedOnPayload, type UnavailableReason } from "../rows";
import { machineName } from "./format";
import { letter, type Email } from "./layout";

// The emails of the response rules (docs/texts.md): a request handed on from a vendor that stayed
// silent or is not available, and the vendor told it was passed on.

/** Why the request went on to another vendor, in the renter's words. */
export function handedOnBecause({ from_vendor_name: from, why }: PassedOnPayload): string {
  const vendor = from ?? "A vendor";
  return why === "silent" ? `${vendor} did not answer within 4 business hours` : `${vendor} cannot take it`;
}

/** The renter: the request went to one more vendor, and why. */
export function passedOnEmail(lead: ClaimedLead, to: string, payload: PassedOnPayload, statusLink: string): Email {
  return letter({
    subject: `Your rental request #${lead.id} also went to ${to}`,
    greeting: `Hello ${lead.name},`,
    paragraphs: [
      `${handedOnBecause(payload)}, so we sent your request for a ${machineName(lead)} (${lead.rental_start_date} to ${lead.rental_end_date}, ZIP ${lead.location}) to ${to}, the next vendor near your job site. They have 4 business hours to answer.`,
    ],
    tables: [],
    action: { label: "See your request and its quotes", href: statusLink },
  });
}

/** The silent vendor: its time to answer ran out, and the request was passed on. */
export function passedVendorEmail(lead: ClaimedLead, vendorName: string, site: string): Email {
  return letter({
    subject: `Rental request #${lead.id} was passed on`,
    greeting: `Hello ${vendorName},`,
    paragraphs: [
      `Request #${lead.id} (${machineName(lead)}, ${lead.rental_start_date} to ${lead.rental_end_date}, ZIP ${lead.location}) had no answer from you within 4 of your business hours, so it was passed on to another vendor. You can still answer it; a request you do not answer counts against the response rate your listing shows.`,
    ],
    tables: [],
    action: { label: "Open your requests", href: `${site}/business` },
  });
}

/** The renter: a vendor is not available for the dates, and why. */
export function unavailableEmail(lead: ClaimedLead, vendorName: string, reason: UnavailableReason, statusLink: string): Email {
  return letter({
    subject: `${vendorName} is not available for your rental request #${lead.id}`,
    greeting: `Hello ${lead.name},`,
    paragraphs: [
      `${vendorName} is not available for ${lead.rental_start_date} to ${lead.rental_end_date}: ${UNAVAILABLE_REASONS[reason]}. When another vendor near your job site can take the request, we send it on and tell you.`,
    ],
    tables: [],
    action: { label: "See your request", href: statusLink },
  });
}
