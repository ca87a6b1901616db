import { centsText } from "../../quotes/quote";
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
      booking?.photos.some((photo) => photo.record === "problem")
        ? "Their photos are with the request on your business page. Please call them."
        : "Please call them.",
    ],
    tables: [[["Renter", `${lead.name}, ${lead.phone}`], ...siteRows(quote)]],
    action: { label: "The request", href: `${site}/business` },
  });
}

const extensionOf = (quote: OutboxQuote, id: number) => quote.booking?.extensions.find((x) => x.id === id);

/** The booked vendor: the renter asks to extend, at the quote's own rates. */
export function extensionAskedEmail(lead: ClaimedLead, quote: OutboxQuote, extensionId: number, site: string): Email {
  const ask = extensionOf(quote, extensionId);
  return letter({
    subject: `Extension asked: rental request #${lead.id}, to ${ask?.new_end ?? ""}`,
    greeting: `Hello ${quote.vendor.name},`,
    paragraphs: [
      `${lead.name} asks to keep the machine until ${ask?.new_end ?? ""} (${ask?.added_days ?? 0} more days), for ${centsText(ask?.price_cents ?? 0)} before tax at your quote's rates. Accept or decline it on your business page.`,
    ],
    tables: [],
    action: { label: "Answer the extension", href: `${site}/business` },
  });
}

/** The renter: the vendor accepted or declined the extension; accepted, with the invitation updated. */
export function extensionAnsweredEmail(lead: ClaimedLead, quote: OutboxQuote, extensionId: number, link: string, site: string): Email {
  const ask = extensionOf(quote, extensionId);
  const accepted = ask?.status === "accepted";
  return letter({
    subject: `${quote.vendor.name} ${accepted ? "accepted" : "declined"} your extension to ${ask?.new_end ?? ""}`,
    greeting: `Hello ${lead.name},`,
    paragraphs: [
      accepted
        ? `Your rental now ends on ${ask?.new_end}: the ${ask?.added_days} added days cost ${centsText(ask?.price_cents ?? 0)} before tax, on your final bill. The calendar invitation attached replaces the one you had.`
        : `${quote.vendor.name} cannot extend the rental: it ends on ${quote.booking?.end_date ?? ""} as booked.`,
    ],
    tables: [],
    action: { label: "Your rental", href: link },
    calendar: accepted ? rentalInvitation(lead, quote, site) : undefined,
  });
}

/** The booked vendor: the renter called the rental off; rent stopped then; the invitation ends then. */
export function calledOffEmail(lead: ClaimedLead, quote: OutboxQuote, site: string): Email {
  const booking = quote.booking;
  return letter({
    subject: `Called off: rental request #${lead.id} (${booking?.call_off_number ?? ""})`,
    greeting: `Hello ${quote.vendor.name},`,
    paragraphs: [
      `${lead.name} called the rental off at ${booking?.off_rent_at ? siteTime(booking.off_rent_at, booking.time_zone) : ""}: rent stopped then, and the machine is ready for pickup.`,
    ],
    tables: [[["Call-off number", booking?.call_off_number ?? ""], ...siteRows(quote)]],
    action: { label: "Record the pickup", href: `${site}/business` },
    // The rental now ends at the off-rent time: the invitation replaces the one the booking sent.
    calendar: rentalInvitation(lead, quote, site),
  });
}

/** The renter: the machine was picked up, with the readings; the bill follows. */
export function pickedUpEmail(lead: ClaimedLead, quote: OutboxQuote, link: string): Email {
  const booking = quote.booking;
  return letter({
    subject: `Picked up: your skid steer from ${quote.vendor.name}`,
    greeting: `Hello ${lead.name},`,
    paragraphs: [`${quote.vendor.name} picked the machine up. Your final bill follows from your quote and these readings.`],
    tables: [
      [
        ["Hour meter", `${booking?.delivery_hours ?? ""} at delivery, ${booking?.pickup_hours ?? ""} at pickup`],
        ["Fuel", `${FUEL_LEVELS[booking?.delivery_fuel ?? 0]} at delivery, ${FUEL_LEVELS[booking?.pickup_fuel ?? 0]} at pickup`],
      ],
    ],
    action: { label: "Your rental", href: link },
  });
}

/** The renter: the final bill, each line outside the quote marked for their answer. */
export function billReadyEmail(lead: ClaimedLead, quote: OutboxQuote, link: string): Email {
  const bill = quote.booking?.bill ?? [];
  const outside = bill.filter((line) => !line.in_quote);
  return letter({
    subject: `Your final bill from ${quote.vendor.name}: ${centsText(quote.booking?.bill_total_cents ?? 0)}`,
    greeting: `Hello ${lead.name},`,
    paragraphs: [
      outside.length > 0
        ? `${outside.length} line${outside.length === 1 ? " is" : "s are"} not in your quote: accept or dispute ${outside.length === 1 ? "it" : "each"} on your rental's page.`
        : "Every line follows from your quote.",
    ],
    tables: [bill.map((line) => [`${line.label}${line.in_quote ? "" : " (not in your quote)"}`, centsText(line.amount_cents)])],
    action: { label: "Your bill", href: link },
  });
}

/** The booked vendor: the renter disputed a line of the bill. */
export function lineDisputedEmail(lead: ClaimedLead, quote: OutboxQuote, lineId: number, site: string): Email {
  const line = quote.booking?.bill.find((l) => l.id === lineId);
  return letter({
    subject: `Disputed: "${line?.label ?? ""}" on the bill of rental request #${lead.id}`,
    greeting: `Hello ${quote.vendor.name},`,
    paragraphs: [
      `${lead.name} disputes the line "${line?.label ?? ""}" (${centsText(line?.amount_cents ?? 0)}).`,
      `Their reason: ${line?.dispute_reason ?? ""}`,
      "Our team can see the dispute with your reason and photos.",
    ],
    tables: [],
    action: { label: "The request", href: `${site}/business` },
  });
}
