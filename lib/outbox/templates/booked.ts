import { centsText } from "../../quotes/quote";
import { rentalInvitation } from "../calendar";
import type { ClaimedLead, OutboxQuote } from "../rows";
import { bookedRows, quoteRows, rentalDates } from "./format";
import { letter, type Email, type Rows } from "./layout";

/**
 * The booked vendor's email: the renter's contact details (with their email address when they
 * gave one), the days booked and the quote, with the rental as a calendar invitation.
 */
export function bookedEmail(lead: ClaimedLead, quote: OutboxQuote, site: string): Email {
  const { start, end } = rentalDates(lead, quote);
  const contact: Rows = lead.email ? [["Email", lead.email]] : [];
  return letter({
    subject: `Booked: rental request #${lead.id}, ${start} to ${end}`,
    greeting: `Hello ${quote.vendor.name},`,
    paragraphs: [
      `${lead.name} booked your quote of ${centsText(quote.total_cents)} through Skid Steer Rentals, for ${start} to ${end}. Call them to arrange delivery; the calendar invitation holds the rental's dates.`,
    ],
    tables: [[...bookedRows(lead, quote), ...contact], quoteRows(quote)],
    calendar: rentalInvitation(lead, quote, site),
  });
}
