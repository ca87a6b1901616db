import { differenceInCalendarDays, parseISO } from "date-fns";
import ical, { ICalCalendarMethod } from "ical-generator";
import { z } from "zod";
import { CLASS_NAMES } from "../prices/classes";
import { bookingSchema, centsText, quoteSchema, type Quote } from "../quotes/quote";
import { escapeHtml, machineName, requestRows, requestTable, type ClaimedLead } from "./lead-email";

type Email = { subject: string; text: string; html: string };

/** A quote as its emails read it (outbox_quote): with its vendor's contact details and the request's booking. */
export const outboxQuoteSchema = quoteSchema.extend({
  vendor: z.object({ name: z.string(), phone: z.string().nullable(), address: z.string().nullable() }),
  booking: bookingSchema.nullable(),
});
export type OutboxQuote = z.infer<typeof outboxQuoteSchema>;

/**
 * The days the rental is for: the booking's (the booked quote's other dates when it offered
 * them, else the request's); before a booking, the quote's own offer.
 */
function rentalDates(lead: ClaimedLead, quote: OutboxQuote): { start: string; end: string } {
  if (quote.booking) return { start: quote.booking.start_date, end: quote.booking.end_date };
  if (!quote.available && quote.alternate_start && quote.alternate_end) return { start: quote.alternate_start, end: quote.alternate_end };
  return { start: lead.rental_start_date, end: lead.rental_end_date };
}

/** What the renter asked for, with the days booked in place of the days asked for. */
function bookedRows(lead: ClaimedLead, quote: OutboxQuote): Array<[string, string]> {
  const { start, end } = rentalDates(lead, quote);
  return requestRows({
    ...lead,
    rental_start_date: start,
    rental_end_date: end,
    rental_days: differenceInCalendarDays(parseISO(end), parseISO(start)),
  });
}

/** The quote's lines, its tax and total, as rows. */
function quoteRows(quote: Quote): Array<[string, string]> {
  return [
    ["Machine", `${CLASS_NAMES[quote.machine_class].name}${quote.model ? ` (${quote.model})` : ""}`],
    ["Availability", quote.available ? "Available for the requested dates" : `Offered ${quote.alternate_start} to ${quote.alternate_end}`],
    ...quote.lines.map((line): [string, string] => [
      `${line.label}${line.quantity !== 1 ? ` × ${line.quantity}` : ""}`,
      centsText(line.amount_cents),
    ]),
    ...(quote.tax_cents > 0 ? [[`Sales tax (${quote.tax_percent}%)`, centsText(quote.tax_cents)] as [string, string]] : []),
    ["Total", centsText(quote.total_cents)],
  ];
}

const asText = (rows: Array<[string, string]>) => rows.map(([label, value]) => `${label}: ${value}`);

function email(
  subject: string,
  greeting: string,
  paragraphs: string[],
  tables: Array<Array<[string, string]>>,
  link?: [string, string],
): Email {
  const text = [
    greeting,
    "",
    ...paragraphs.flatMap((paragraph) => [paragraph, ""]),
    ...tables.flatMap((rows) => [...asText(rows), ""]),
    ...(link ? [`${link[0]}: ${link[1]}`] : []),
  ].join("\n");
  const html =
    `<p>${escapeHtml(greeting)}</p>` +
    paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join("") +
    tables.map(requestTable).join("") +
    (link ? `<p><a href="${escapeHtml(link[1])}">${escapeHtml(link[0])}</a></p>` : "");
  return { subject, text, html };
}

/** The renter's email of a vendor's quote (or its revision), with the link to compare and book. */
export function quoteEmail(lead: ClaimedLead, quote: OutboxQuote, revised: boolean, statusLink: string): Email {
  const what = revised ? "revised its quote" : "sent you a quote";
  return email(
    `${revised ? "Revised quote" : "Quote"} from ${quote.vendor.name}: ${centsText(quote.total_cents)} for your rental request #${lead.id}`,
    `Hello ${lead.name},`,
    [
      `${quote.vendor.name} ${what} for your ${machineName(lead)} rental, valid until ${new Date(quote.valid_until).toUTCString()}.`,
      ...(quote.message ? [`Their message: ${quote.message}`] : []),
    ],
    [quoteRows(quote)],
    ["Compare the quotes and book one (the link works for 90 days)", statusLink],
  );
}

/** The renter's email when a vendor withdraws its quote: it can no longer be booked. */
export function quoteWithdrawnEmail(lead: ClaimedLead, quote: OutboxQuote, statusLink: string): Email {
  return email(
    `${quote.vendor.name} withdrew its quote for your rental request #${lead.id}`,
    `Hello ${lead.name},`,
    [
      `${quote.vendor.name} withdrew its quote of ${centsText(quote.total_cents)} for your ${machineName(lead)} rental. It can no longer be booked; any other vendor's open quote still can.`,
    ],
    [],
    ["Your request and its quotes", statusLink],
  );
}

/** The booked vendor's email: the renter's contact details (with their email address when they gave one), the days booked and the quote. */
export function bookedEmail(lead: ClaimedLead, quote: OutboxQuote): Email {
  const { start, end } = rentalDates(lead, quote);
  return email(
    `Booked: rental request #${lead.id}, ${start} to ${end}`,
    `Hello ${quote.vendor.name},`,
    [
      `${lead.name} booked your quote of ${centsText(quote.total_cents)} through Skid Steer Rentals, for ${start} to ${end}. Call them to arrange delivery; the calendar invitation holds the rental's dates.`,
    ],
    [[...bookedRows(lead, quote), ...(lead.email ? [["Email", lead.email] as [string, string]] : [])], quoteRows(quote)],
  );
}

/** The renter's confirmation: the days booked, the vendor's phone and address, and the quote booked. */
export function bookingConfirmationEmail(lead: ClaimedLead, quote: OutboxQuote, statusLink: string): Email {
  const { start, end } = rentalDates(lead, quote);
  return email(
    `Your rental is booked with ${quote.vendor.name}`,
    `Hello ${lead.name},`,
    [
      `You booked ${quote.vendor.name} for ${centsText(quote.total_cents)}, from ${start} to ${end}. They have your details and will call you; the calendar invitation holds the rental's dates.`,
      `${quote.vendor.name}: ${[quote.vendor.phone, quote.vendor.address].filter(Boolean).join(", ")}`,
    ],
    [quoteRows(quote)],
    [`Your booking, and cancelling it before ${start}`, statusLink],
  );
}

/** Every other vendor that received the request: the renter chose another vendor. */
export function choseAnotherEmail(lead: ClaimedLead, vendorName: string): Email {
  return email(
    `Rental request #${lead.id}: the renter chose another vendor`,
    `Hello ${vendorName},`,
    [
      `The renter of request #${lead.id} (${machineName(lead)}, ${lead.rental_start_date} to ${lead.rental_end_date}, ZIP ${lead.location}) chose another vendor. Your open quote for it is closed: there is no need to follow up.`,
    ],
    [],
  );
}

/**
 * The booked vendor, when the booking is cancelled: the days that were booked and the renter's
 * reason; or, when the renter's details were erased at their request (no name, no reason), only
 * that the booking is off.
 */
export function bookingCancelledEmail(lead: ClaimedLead, quote: OutboxQuote): Email {
  const { start, end } = rentalDates(lead, quote);
  const erased = !lead.name;
  return email(
    `Cancelled: rental request #${lead.id}, ${start} to ${end}`,
    `Hello ${quote.vendor.name},`,
    erased
      ? [
          `The booking of your quote of ${centsText(quote.total_cents)} is cancelled: the renter asked us to erase their details, so we can no longer pass them on.`,
        ]
      : [
          `${lead.name} cancelled the booking of your quote of ${centsText(quote.total_cents)}.`,
          `Their reason: ${quote.booking?.cancel_reason ?? ""}`,
        ],
    erased ? [] : [bookedRows(lead, quote)],
  );
}

/**
 * Control characters RFC 5545 allows in no text value (every one below space but the tab, the
 * line feed and the carriage return, which the generator escapes, and DEL): a vertical tab or
 * form feed becomes a space, the others are dropped.
 */
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;
const calendarText = (text: string) => text.replace(CONTROL, (c) => (c === "\u000b" || c === "\u000c" ? " " : ""));

/**
 * The rental as a calendar invitation (RFC 5545, made by ical-generator, which escapes its text
 * values; control characters are taken out first): an all-day event over the days booked, the
 * quote booked in its description. Its UID is the booking's, so both copies are one event.
 */
export function rentalInvitation(lead: ClaimedLead, quote: OutboxQuote, site: string): string {
  const calendar = ical({ name: "Skid Steer Rentals", prodId: { company: "Skid Steer Rentals", product: "bookings" } });
  calendar.method(ICalCalendarMethod.PUBLISH);
  const { start, end: last } = rentalDates(lead, quote);
  // An all-day event ends on the day after its last day.
  const end = new Date(`${last}T00:00:00Z`);
  end.setUTCDate(end.getUTCDate() + 1);
  calendar.createEvent({
    id: `booking-${lead.id}-${quote.id}@${new URL(site).hostname}`,
    start: new Date(`${start}T00:00:00Z`),
    end,
    allDay: true,
    summary: calendarText(`Skid steer rental: ${quote.vendor.name} for ${lead.name}`),
    description: calendarText([...asText(quoteRows(quote)), ...(quote.message ? [`Message: ${quote.message}`] : [])].join("\n")),
    location: calendarText(`ZIP ${lead.location}`),
    url: `${site}/requests/${lead.id}`,
  });
  return calendar.toString();
}
