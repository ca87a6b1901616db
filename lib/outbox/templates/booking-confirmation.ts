import { centsText } from "../../quotes/quote";
import { rentalInvitation } from "../calendar";
import type { ClaimedLead, OutboxQuote } from "../rows";
import { quoteRows, rentalDates } from "./format";
import { letter, type Email } from "./layout";

/** The renter's confirmation: the days booked, the vendor's phone and address, the quote booked, and the rental as a calendar invitation. */
export function bookingConfirmationEmail(lead: ClaimedLead, quote: OutboxQuote, statusLink: string, site: string): Email {
  const { start, end } = rentalDates(lead, quote);
  return letter({
    subject: `Your rental is booked with ${quote.vendor.name}`,
    greeting: `Hello ${lead.name},`,
    paragraphs: [
      `You booked ${quote.vendor.name} for ${centsText(quote.total_cents)}, from ${start} to ${end}. They have your details and will call you; the calendar invitation holds the rental's dates.`,
      `${quote.vendor.name}: ${[quote.vendor.phone, quote.vendor.address].filter(Boolean).join(", ")}`,
    ],
    tables: [quoteRows(quote)],
    action: { label: `Your booking, and cancelling it before ${start}`, href: statusLink },
    calendar: rentalInvitation(lead, quote, site),
  });
}
