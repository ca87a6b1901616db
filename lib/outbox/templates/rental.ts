import { FUEL_LEVELS, PROBLEMS, siteTime, windowText } from "../../quotes/rental";
import { rentalInvitation } from "../calendar";
import type { ClaimedLead, OutboxQuote } from "../rows";
import { machineName, rentalDates } from "./format";
import { letter, type Email, type Rows } from "./layout";

// The emails of a rental after its booking, one per step, each to the renter or to the booked
// vendor. A step's details are read from the booking (private.rental_of) when the email is made.

const windowOf = (quote: OutboxQuote) => (quote.booking ? windowText(quote.booking) : null) ?? "";

/** The job site's details, as the booked vendor reads them. */
export function siteRows(quote: OutboxQuote): Rows {
  const booking = quote.booking;
  if (!booking?.site_address) return [];
  return [
    ["Job site", booking.site_address],
    ...(booking.access_notes ? ([["Access", booking.access_notes]] as Rows) : []),
    ["Site contact", `${booking.site_contact ?? ""}, ${booking.site_phone ?? ""}`],
  ];
}

/** The renter: the vendor confirmed its delivery window; the calendar invitation is updated to it. */
export function windowConfirmedEmail(lead: ClaimedLead, quote: OutboxQuote, statusLink: string, site: string): Email {
  return letter({
    subject: `Delivery confirmed: ${quote.vendor.name}, ${windowOf(quote)}`,
    greeting: `Hello ${lead.name},`,
    paragraphs: [
      `${quote.vendor.name} will deliver the machine ${windowOf(quote)}. The calendar invitation attached replaces the one you had.`,
    ],
    tables: [siteRows(quote)],
    action: { label: "Your rental", href: statusLink },
    calendar: rentalInvitation(lead, quote, site),
  });
}

/** The renter: the vendor did not confirm a window in time; the booking is released and the other quotes open again. */
export function releasedRenterEmail(lead: ClaimedLead, quote: OutboxQuote, statusLink: string): Email {
  return letter({
    subject: `${quote.vendor.name} did not confirm your delivery: book the next quote`,
    greeting: `Hello ${lead.name},`,
    paragraphs: [
      `${quote.vendor.name} did not confirm a delivery window in time, so your booking with them is released and you owe them nothing.`,
      `The other vendors' quotes that are still valid are open again: on your request's page, "Book the next quote" books the lowest of them in one tap, with the same job site details.`,
    ],
    tables: [],
    action: { label: "Book the next quote", href: statusLink },
  });
}

/** The released vendor: the booking is released because no window was confirmed in time. */
export function releasedVendorEmail(lead: ClaimedLead, quote: OutboxQuote): Email {
  const { start, end } = rentalDates(lead, quote);
  return letter({
    subject: `Released: rental request #${lead.id}, ${start} to ${end}`,
    greeting: `Hello ${quote.vendor.name},`,
    paragraphs: [
      `The booking of request #${lead.id} (${machineName(lead)}, ${start} to ${end}, ZIP ${lead.location}) is released: no delivery window was confirmed in time. The renter has been offered the other quotes; there is nothing to deliver.`,
    ],
    tables: [],
  });
}

/** The renter: the machine is on its way. */
export function onTheWayEmail(lead: ClaimedLead, quote: OutboxQuote, statusLink: string): Email {
  return letter({
    subject: `On the way: your skid steer from ${quote.vendor.name}`,
    greeting: `Hello ${lead.name},`,
    paragraphs: [`${quote.vendor.name} marked the machine on its way to the job site (window: ${windowOf(quote)}).`],
    tables: [siteRows(quote)],
    action: { label: "Your rental", href: statusLink },
  });
}

/** The renter: the machine is delivered, with the readings; confirm it arrived or report a problem. */
export function deliveredEmail(lead: ClaimedLead, quote: OutboxQuote, statusLink: string): Email {
  const booking = quote.booking;
  return letter({
    subject: `Delivered: your skid steer from ${quote.vendor.name}`,
    greeting: `Hello ${lead.name},`,
    paragraphs: [
      `${quote.vendor.name} marked the machine delivered${booking?.delivered_at ? ` at ${siteTime(booking.delivered_at, booking.time_zone)}` : ""}, with walk-around photos you can see on your rental's page.`,
      "Please confirm it arrived, or report a problem (not arrived, wrong machine, damaged) within 24 hours.",
    ],
    tables: [
      [
        ["Hour meter", String(booking?.delivery_hours ?? "")],
        ["Fuel", FUEL_LEVELS[booking?.delivery_fuel ?? 0]],
      ],
    ],
    action: { label: "Confirm it arrived, or report a problem", href: statusLink },
  });
}

/** The booked vendor: the renter reported a problem with the delivery. */
export function problemReportedEmail(lead: ClaimedLead, quote: OutboxQuote, site: string): Email {
  const booking = quote.booking;
  return letter({
    subject: `Problem reported: rental request #${lead.id}`,
    greeting: `Hello ${quote.vendor.name},`,
    paragraphs: [
      `${lead.name} reported a problem with the delivery: ${booking?.problem ? PROBLEMS[booking.problem] : ""}.`,
      `Their note: ${booking?.problem_note ?? ""}`,
      "Their photos are with the request on your business page. Please call them.",
    ],
    tables: [[["Renter", `${lead.name}, ${lead.phone}`], ...siteRows(quote)]],
    action: { label: "The request", href: `${site}/business` },
  });
}
