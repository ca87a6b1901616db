import { centsText } from "../../quotes/quote";
import { rentalInvitation } from "../calendar";
import type { ClaimedLead, OutboxQuote } from "../rows";
import { bookedRows, quoteRows, rentalDates } from "./format";
import { letter, type Email, type Rows } from "./layout";
import { siteRows } from "./rental";
import { siteTime, WINDOW_PREFERENCES } from "../../quotes/rental";

/**
 * The booked vendor's email: the renter's contact details (with their email address when they
 * gave one), the days booked, the job site and the quote, with the rental as a calendar
 * invitation, and when its delivery window is due.
 */
export function bookedEmail(lead: ClaimedLead, quote: OutboxQuote, site: string): Email {
  const { start, end } = rentalDates(lead, quote);
  const contact: Rows = lead.email ? [["Email", lead.email]] : [];
  const booking = quote.booking;
  return letter({
    subject: `Booked: rental request #${lead.id}, ${start} to ${end}`,
    greeting: `Hello ${quote.vendor.name},`,
    paragraphs: [
      `${lead.name} booked your quote of ${centsText(quote.total_cents)} through Skid Steer Rentals, for ${start} to ${end}. The calendar invitation holds the rental's dates.`,
      ...(booking?.confirm_by
        ? [
            `Confirm a delivery window (at most 4 hours) on your business page by ${siteTime(booking.confirm_by, booking.time_zone)}${booking.window_preference ? `; the renter prefers: ${WINDOW_PREFERENCES[booking.window_preference]}` : ""}. A booking not confirmed by then is released and offered to another vendor.`,
          ]
        : []),
    ],
    tables: [[...bookedRows(lead, quote), ...contact, ...siteRows(quote)], quoteRows(quote)],
    action: booking?.confirm_by ? { label: "Confirm the delivery window", href: `${site}/business` } : undefined,
    calendar: rentalInvitation(lead, quote, site),
  });
}
