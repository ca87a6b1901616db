import { centsText } from "../../quotes/quote";
import type { ClaimedLead, OutboxQuote } from "../rows";
import { bookedRows, rentalDates } from "./format";
import { letter, type Email } from "./layout";

/**
 * The booked vendor, when the booking is cancelled: the days that were booked and the renter's
 * reason; or, when the renter's details were erased at their request (no name, no reason), only
 * that the booking is off.
 */
export function bookingCancelledEmail(lead: ClaimedLead, quote: OutboxQuote): Email {
  const { start, end } = rentalDates(lead, quote);
  const erased = !lead.name;
  return letter({
    subject: `Cancelled: rental request #${lead.id}, ${start} to ${end}`,
    greeting: `Hello ${quote.vendor.name},`,
    paragraphs: erased
      ? [
          `The booking of your quote of ${centsText(quote.total_cents)} is cancelled: the renter asked us to erase their details, so we can no longer pass them on.`,
        ]
      : [
          `${lead.name} cancelled the booking of your quote of ${centsText(quote.total_cents)}.`,
          `Their reason: ${quote.booking?.cancel_reason ?? ""}`,
        ],
    tables: erased ? [] : [bookedRows(lead, quote)],
  });
}
