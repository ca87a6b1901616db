import { TZDate } from "@date-fns/tz";
import ical, { ICalCalendarMethod } from "ical-generator";
import type { ClaimedLead, OutboxQuote } from "./rows";
import { quoteRows, rentalDates } from "./templates/format";
import { rowLines } from "./templates/layout";
import { windowText } from "../quotes/rental";

/** The moment a day ends (midnight after it) in a time zone. */
function endOfDay(day: string, zone: string): Date {
  const [year, month, date] = day.split("-").map(Number);
  return new TZDate(year, month - 1, date + 1, zone);
}

/**
 * Control characters RFC 5545 allows in no text value (every one below space but the tab, the
 * line feed and the carriage return, which the generator escapes, and DEL): a vertical tab or
 * form feed becomes a space, the others are dropped.
 */
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;
const calendarText = (text: string) => text.replace(CONTROL, (c) => (c === "\u000b" || c === "\u000c" ? " " : ""));

/**
 * The rental as a calendar invitation (RFC 5545, made by ical-generator, which escapes and folds
 * its text values; control characters are taken out first): an all-day event over the days
 * booked, the quote booked in its description; once the vendor confirmed a delivery window, an
 * event from the window's start to the end of the last day booked (or the time the renter called
 * it off), at the job site's address. Its
 * UID is the booking's, so every copy is one event, and its SEQUENCE is the booking's, raised at
 * each change, so a calendar replaces the older copy.
 */
export function rentalInvitation(lead: ClaimedLead, quote: OutboxQuote, site: string): string {
  const calendar = ical({ name: "Skid Steer Rentals", prodId: { company: "Skid Steer Rentals", product: "bookings" } });
  calendar.method(ICalCalendarMethod.PUBLISH);
  const { start, end: last } = rentalDates(lead, quote);
  // An all-day event ends on the day after its last day.
  const end = new Date(`${last}T00:00:00Z`);
  end.setUTCDate(end.getUTCDate() + 1);
  const booking = quote.booking;
  const window = booking?.window_start ? windowText(booking) : null;
  calendar.createEvent({
    id: `booking-${lead.id}-${quote.id}@${new URL(site).hostname}`,
    sequence: booking?.sequence ?? 0,
    ...(booking?.window_start
      ? {
          start: new Date(booking.window_start),
          end: booking.off_rent_at ? new Date(booking.off_rent_at) : endOfDay(last, booking.time_zone),
        }
      : { start: new Date(`${start}T00:00:00Z`), end, allDay: true }),
    summary: calendarText(`Skid steer rental: ${quote.vendor.name} for ${lead.name}`),
    description: calendarText(
      [
        ...(window ? [`Delivery window: ${window}`] : []),
        ...rowLines(quoteRows(quote)),
        ...(quote.message ? [`Message: ${quote.message}`] : []),
      ].join("\n"),
    ),
    location: calendarText(booking?.site_address ?? `ZIP ${lead.location}`),
    url: `${site}/requests/${lead.id}`,
  });
  // Every content line ends with CRLF, the last one too (RFC 5545, 3.1); the generator leaves it off.
  return `${calendar.toString()}\r\n`;
}
