import { differenceInCalendarDays, format, parseISO } from "date-fns";
import { CLASS_NAMES } from "../../prices/classes";
import { centsText, type Quote } from "../../quotes/quote";
import type { ClaimedLead, OutboxQuote, RecipientReason } from "../rows";
import type { Rows } from "./layout";

export const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? "" : "s"}`;

const longDay = (isoDay: string) => format(parseISO(isoDay), "EEEE, MMMM d, yyyy");

export const machineName = (lead: ClaimedLead) => (lead.skid_steer_type === "tracked" ? "Tracked Skid Steer" : "Wheeled Skid Steer");

/** What the renter asked for, as the vendor's and the renter's copies both list it. */
export function requestRows(lead: ClaimedLead): Rows {
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

/**
 * The days the rental is for: the booking's (the booked quote's other dates when it offered
 * them, else the request's); before a booking, the quote's own offer.
 */
export function rentalDates(lead: ClaimedLead, quote: OutboxQuote): { start: string; end: string } {
  if (quote.booking) return { start: quote.booking.start_date, end: quote.booking.end_date };
  if (!quote.available && quote.alternate_start && quote.alternate_end) return { start: quote.alternate_start, end: quote.alternate_end };
  return { start: lead.rental_start_date, end: lead.rental_end_date };
}

/** What the renter asked for, with the days booked in place of the days asked for. */
export function bookedRows(lead: ClaimedLead, quote: OutboxQuote): Rows {
  const { start, end } = rentalDates(lead, quote);
  return requestRows({
    ...lead,
    rental_start_date: start,
    rental_end_date: end,
    rental_days: differenceInCalendarDays(parseISO(end), parseISO(start)),
  });
}

/** The quote's lines, its tax and total. */
export function quoteRows(quote: Quote): Rows {
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

/**
 * Whom a request goes (or went) to, as the renter is told it: how many vendors, and why each
 * received it: the vendor they chose (whose page they sent it from) and those near the job
 * site's ZIP. `reasons` holds one reason per vendor; with any unknown, the sentence gives the
 * count alone. Never says a vendor serves the ZIP: routing does not record that.
 */
export function recipientsSentence(reasons: ReadonlyArray<RecipientReason | null | undefined>, zip: string, tense: "now" | "past"): string {
  const verb = tense === "now" ? "is going" : "went";
  const vendors = (count: number) => plural(count, "vendor");
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
