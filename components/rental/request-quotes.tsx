import type { CSSProperties, ReactNode } from "react";
import { Stars } from "@/components/reviews/stars";
import { ActionNotice } from "@/components/ui/action-notice";
import { Button } from "@/components/ui/button";
import { CLASS_NAMES } from "@/lib/prices/classes";
import { centsText, FUEL_POLICIES, LINE_KIND_NAMES, LINE_KINDS, type Quote } from "@/lib/quotes/quote";
import { bookQuoteAction, cancelBookingAction } from "@/lib/requests/actions";
import { bookingMessage } from "@/lib/messages/booking";
import { JobSiteFields } from "./job-site-fields";
import { cancelDeadline, type RequestStatus } from "@/lib/requests/status";
import { cn } from "@/lib/utils";

type Param = string | string[] | undefined;
type Recipient = RequestStatus["recipients"][number];
type Quoted = Recipient & { quote: Quote };

const STATES: Record<Quote["status"], string> = {
  open: "Open",
  replaced: "Replaced by a revision",
  withdrawn: "Withdrawn by the vendor",
  closed: "Closed: you chose another vendor",
  booked: "Booked",
};

const dateTime = (iso: string) =>
  new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }).format(new Date(iso)) + " UTC";

/** An amount that never breaks inside its number, in figures of one width so amounts line up. */
const Money = ({ cents, className }: { cents: number; className?: string }) => (
  <span className={cn("whitespace-nowrap tabular-nums wrap-normal", className)}>{centsText(cents)}</span>
);

/** A day, never broken inside. */
const Day = ({ day }: { day: string }) => <span className="whitespace-nowrap tabular-nums">{day}</span>;

const Days = ({ start, end }: { start: string; end: string }) => (
  <>
    <Day day={start} /> to <Day day={end} />
  </>
);

/** The hidden fields that prove the request is the renter's: its id and, opened by the emailed link, its key. */
function OwnRequest({ lead, statusKey }: { lead: RequestStatus; statusKey: string | null }) {
  return (
    <>
      <input type="hidden" name="id" value={lead.id} />
      {statusKey && <input type="hidden" name="key" value={statusKey} />}
    </>
  );
}

/** One row of the comparison: its label, and what one vendor's quote shows in it. */
interface Field {
  label: string;
  cell: (r: Quoted) => ReactNode;
  testId?: string;
  /** Whether the quote has nothing for this row: a phone's card leaves the row out, the desktop's column says "None". */
  empty?: (quote: Quote) => boolean;
}

/**
 * The rows every quote shows, in the same order, so that on a desktop each row lines up across
 * the vendors: the total, the machine, availability and dates, hours, validity, the vendor's
 * reviews and response time, then the lines grouped by kind (only the kinds some quote has), tax,
 * fuel and the vendor's message where some quote has them.
 */
function fields(lead: RequestStatus, quoted: Quoted[]): Field[] {
  const some = (test: (quote: Quote) => boolean) => quoted.some((r) => test(r.quote));
  const kinds = LINE_KINDS.filter((kind) => some((quote) => quote.lines.some((line) => line.kind === kind)));
  return [
    { label: "Total", testId: "quote-total", cell: (r) => <Money cents={r.quote.total_cents} className="text-2xl font-extrabold" /> },
    {
      label: "Machine",
      cell: ({ quote }) => `${CLASS_NAMES[quote.machine_class].name}${quote.model ? ` (${quote.model})` : ""}`,
    },
    {
      label: "Availability",
      cell: ({ quote }) => (quote.available ? "Available for your dates" : "Your dates are taken; other dates offered"),
    },
    {
      label: "Dates",
      cell: ({ quote }) =>
        quote.available || !quote.alternate_start || !quote.alternate_end ? (
          <Days start={lead.rental_start_date} end={lead.rental_end_date} />
        ) : (
          <>
            <span className="font-semibold">Offered </span>
            <Days start={quote.alternate_start} end={quote.alternate_end} />
          </>
        ),
    },
    {
      label: "Included hours",
      cell: ({ quote }) =>
        quote.included_hours === null ? (
          "Not stated"
        ) : (
          <>
            {quote.included_hours} meter hours
            {quote.over_hour_cents !== null && (
              <>
                , then <Money cents={quote.over_hour_cents} /> an hour
              </>
            )}
          </>
        ),
    },
    { label: "Valid until", cell: ({ quote }) => dateTime(quote.valid_until) },
    {
      label: "Reviews",
      cell: ({ reviews }) =>
        reviews.count > 0 && reviews.average !== null ? (
          <>
            <Stars stars={Math.round(reviews.average)} /> {reviews.average} ({reviews.count})
          </>
        ) : (
          "None yet"
        ),
    },
    { label: "Usually responds", cell: ({ response }) => (response ? `Within ${response.hours} h` : "Not known yet") },
    ...kinds.map((kind): Field => ({
      label: kind === "fee" ? "Other fees" : LINE_KIND_NAMES[kind],
      empty: (quote) => !quote.lines.some((line) => line.kind === kind),
      cell: ({ quote }) => {
        const lines = quote.lines.filter((line) => line.kind === kind);
        if (lines.length === 0) return <span className="text-ink-600">None</span>;
        return (
          <ul className="space-y-1">
            {lines.map((line, i) => (
              <li key={i} className="flex items-baseline justify-between gap-2">
                <span className="min-w-0">
                  {line.label}
                  {line.quantity !== 1 ? ` × ${line.quantity}` : ""}
                </span>
                <Money cents={line.amount_cents} />
              </li>
            ))}
          </ul>
        );
      },
    })),
    ...(some((quote) => quote.tax_cents > 0)
      ? [
          {
            label: "Sales tax",
            empty: (quote: Quote) => quote.tax_cents === 0,
            cell: ({ quote }: Quoted) =>
              quote.tax_cents > 0 ? (
                <span className="flex items-baseline justify-between gap-2">
                  <span>{quote.tax_percent}%</span>
                  <Money cents={quote.tax_cents} />
                </span>
              ) : (
                <span className="text-ink-600">None</span>
              ),
          },
        ]
      : []),
    ...(some((quote) => quote.fuel_policy !== null)
      ? [
          {
            label: "Fuel policy",
            empty: (quote: Quote) => quote.fuel_policy === null,
            cell: ({ quote }: Quoted) => (quote.fuel_policy ? FUEL_POLICIES[quote.fuel_policy] : "Not stated"),
          },
        ]
      : []),
    ...(some((quote) => quote.message !== null)
      ? [
          {
            label: "Message",
            empty: (quote: Quote) => quote.message === null,
            cell: ({ quote }: Quoted) =>
              quote.message ? (
                <span className="whitespace-pre-line text-ink-700">{quote.message}</span>
              ) : (
                <span className="text-ink-600">None</span>
              ),
          },
        ]
      : []),
  ];
}

/** A cell of the comparison: on a desktop one row of the grid, ruled off from the row above. */
const CELL = "md:border-t md:border-ink-200 md:py-2";

/**
 * One vendor's quote: on a phone a card of its own, its rows labelled; on a desktop one column
 * of the comparison, its rows in the grid's rows (subgrid), the labels in the first column.
 */
function QuoteColumn({
  lead,
  recipient,
  rows,
  statusKey,
}: {
  lead: RequestStatus;
  recipient: Quoted;
  rows: Field[];
  statusKey: string | null;
}) {
  const { quote } = recipient;
  const bookable = !lead.booking && !lead.withdrawn_at && quote.status === "open" && new Date(quote.valid_until) > new Date();
  return (
    <article
      className="flex min-w-0 flex-col rounded-[var(--radius-card)] border border-ink-200 p-4 md:row-span-(--rows) md:grid md:grid-rows-subgrid md:gap-0 md:px-3 md:py-3"
      data-testid="quote"
      aria-labelledby={`quote-${quote.id}`}
    >
      <header>
        <h3 id={`quote-${quote.id}`} className="font-bold">
          {recipient.vendor_name}
        </h3>
        <p className="text-sm text-ink-600">
          {quote.status === "booked" && lead.booking?.status === "cancelled" ? "Booking cancelled" : STATES[quote.status]}
          {quote.revision > 1 ? ` · revised (version ${quote.revision})` : ""}
        </p>
      </header>
      <dl className="mt-2 space-y-2 text-sm md:row-span-(--fields) md:mt-0 md:grid md:grid-rows-subgrid md:space-y-0">
        {rows.map((row) => (
          <div key={row.label} className={cn(CELL, row.empty?.(quote) && "max-md:hidden")}>
            <dt className="font-semibold md:sr-only">{row.label}</dt>
            <dd data-testid={row.testId}>{row.cell(recipient)}</dd>
          </div>
        ))}
      </dl>
      <div className={cn("mt-4 md:mt-0", CELL)}>
        {bookable && (
          <details>
            <summary className="cursor-pointer rounded-md bg-brand-600 px-4 py-2 text-center font-semibold text-white">
              Book this quote
            </summary>
            <form action={bookQuoteAction} className="mt-2 space-y-2">
              <OwnRequest lead={lead} statusKey={statusKey} />
              <input type="hidden" name="quote" value={quote.id} />
              <JobSiteFields id={`site-${quote.id}`} />
              <p className="text-sm">
                Book {recipient.vendor_name} for <Money cents={quote.total_cents} />? The other vendors are told you chose another.
              </p>
              <Button type="submit">Confirm booking</Button>
            </form>
          </details>
        )}
      </div>
    </article>
  );
}

/** How wide the comparison may grow: a column a vendor, beside the labels' column. */
const WIDTHS = ["md:max-w-2xl", "md:max-w-2xl", "md:max-w-4xl", "md:max-w-5xl"];

/**
 * The vendors' quotes for the request compared: on a desktop one column a vendor, each row
 * lined up across them (total, machine, availability, dates, hours, validity, reviews, response
 * time, then the lines by kind); on a phone one card a vendor. "Book this quote" asks once to
 * confirm. Once booked, the booking, its days and, until the day before they start, a way to
 * cancel it.
 */
export function RequestQuotes({
  lead,
  statusKey,
  notice,
  error,
}: {
  lead: RequestStatus;
  statusKey: string | null;
  notice: Param;
  error: Param;
}) {
  const quoted = lead.recipients.filter((r): r is Quoted => r.quote !== null);
  const message = { notice: bookingMessage("notice", notice), error: bookingMessage("error", error) };
  if (quoted.length === 0 && !message.notice && !message.error) return null;
  const booked = lead.booking && lead.recipients.find((r) => r.vendor_id === lead.booking?.vendor_id);
  const deadline = cancelDeadline(lead, new Date().toISOString().slice(0, 10));
  const rows = fields(lead, quoted);
  return (
    <section id="quotes" className="mt-8" aria-labelledby="quotes-heading">
      <div className="mx-auto max-w-2xl">
        <h2 id="quotes-heading" className="text-xl font-bold">
          Quotes
        </h2>
        <ActionNotice notice={message.notice} error={message.error} />
        {lead.booking && booked && (
          <p className="mt-2 font-semibold" data-testid="booking">
            {lead.booking.status === "booked" ? (
              <>
                Booked with {booked.vendor_name}
                {booked.phone ? `, ${booked.phone}` : ""}, for <Days start={lead.booking.start_date} end={lead.booking.end_date} />.
              </>
            ) : (
              <>
                Your booking with {booked.vendor_name} for <Days start={lead.booking.start_date} end={lead.booking.end_date} /> is
                cancelled.
              </>
            )}
          </p>
        )}
        {deadline && (
          <details className="mt-2">
            <summary className="cursor-pointer font-semibold text-brand-700">Cancel my booking</summary>
            <form action={cancelBookingAction} className="mt-2 space-y-2">
              <OwnRequest lead={lead} statusKey={statusKey} />
              <p className="text-sm" data-testid="cancel-deadline">
                You can cancel until <Day day={deadline} />, the day before the rental starts.
              </p>
              <label className="block text-sm font-semibold" htmlFor="cancel-reason">
                Why are you cancelling?
              </label>
              <textarea
                id="cancel-reason"
                name="reason"
                required
                maxLength={500}
                rows={3}
                className="w-full rounded-md border border-ink-300 p-2"
              />
              <Button type="submit" variant="outline">
                Cancel booking
              </Button>
            </form>
          </details>
        )}
      </div>
      {quoted.length > 0 && (
        // A comparison wider than the screen scrolls in its own box, never the page.
        <div className={cn("mx-auto mt-3 overflow-x-auto", WIDTHS[quoted.length] ?? WIDTHS[3])}>
          <div
            className="grid gap-4 md:grid-cols-[8rem_repeat(var(--quotes),minmax(11rem,1fr))] md:gap-x-3 md:gap-y-0"
            style={{ "--quotes": quoted.length, "--fields": rows.length, "--rows": rows.length + 2 } as CSSProperties}
            data-testid="quotes"
          >
            {/* The rows' labels, for sighted readers of the desktop's grid; each quote names its own for everyone else. */}
            <div aria-hidden="true" className="hidden text-sm font-semibold md:row-span-(--rows) md:grid md:grid-rows-subgrid md:py-3">
              <div />
              {rows.map((row) => (
                <div key={row.label} className={CELL}>
                  {row.label}
                </div>
              ))}
              <div className={CELL} />
            </div>
            {quoted.map((r) => (
              <QuoteColumn key={r.vendor_id} lead={lead} recipient={r} rows={rows} statusKey={statusKey} />
            ))}
          </div>
        </div>
      )}
    </section>
  );
}
