import { Stars } from "@/components/reviews/stars";
import { ActionNotice } from "@/components/ui/action-notice";
import { Button } from "@/components/ui/button";
import { CLASS_NAMES } from "@/lib/prices/classes";
import { centsText, FUEL_POLICIES, type Quote } from "@/lib/quotes/quote";
import { bookQuoteAction, cancelBookingAction } from "@/lib/rental/actions";
import { bookingMessage } from "@/lib/rental/booking-messages";
import type { LeadStatus } from "@/lib/rental/status";

type Param = string | string[] | undefined;
type Recipient = LeadStatus["recipients"][number];

const STATES: Record<Quote["status"], string> = {
  open: "Open",
  replaced: "Replaced by a revision",
  withdrawn: "Withdrawn by the vendor",
  closed: "Closed: you chose another vendor",
  booked: "Booked",
};

const dateTime = (iso: string) =>
  new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }).format(new Date(iso)) + " UTC";

/** The hidden fields that prove the request is the renter's: its id and, opened by the emailed link, its key. */
function OwnRequest({ lead, statusKey }: { lead: LeadStatus; statusKey: string | null }) {
  return (
    <>
      <input type="hidden" name="id" value={lead.id} />
      {statusKey && <input type="hidden" name="key" value={statusKey} />}
    </>
  );
}

function QuoteCard({
  lead,
  recipient,
  quote,
  statusKey,
}: {
  lead: LeadStatus;
  recipient: Recipient;
  quote: Quote;
  statusKey: string | null;
}) {
  const bookable = !lead.booking && !lead.withdrawn_at && quote.status === "open" && new Date(quote.valid_until) > new Date();
  return (
    <article
      className="flex flex-col rounded-[var(--radius-card)] border border-ink-200 p-4"
      data-testid="quote"
      aria-labelledby={`quote-${quote.id}`}
    >
      <h3 id={`quote-${quote.id}`} className="font-bold wrap-anywhere">
        {recipient.vendor_name}
      </h3>
      <p className="text-2xl font-extrabold" data-testid="quote-total">
        {centsText(quote.total_cents)}
      </p>
      <p className="text-sm text-ink-600">
        {STATES[quote.status]}
        {quote.revision > 1 ? ` · revised (version ${quote.revision})` : ""}
      </p>
      <dl className="mt-3 space-y-1 text-sm">
        <div>
          <dt className="inline font-semibold">Machine: </dt>
          <dd className="inline">
            {CLASS_NAMES[quote.machine_class].name}
            {quote.model ? ` (${quote.model})` : ""}
          </dd>
        </div>
        <div>
          <dt className="inline font-semibold">Availability: </dt>
          <dd className="inline">
            {quote.available
              ? "Available for your dates"
              : `Your dates are taken; offered ${quote.alternate_start} to ${quote.alternate_end}`}
          </dd>
        </div>
        {quote.included_hours !== null && (
          <div>
            <dt className="inline font-semibold">Meter hours: </dt>
            <dd className="inline">
              {quote.included_hours} included{quote.over_hour_cents !== null ? `, then ${centsText(quote.over_hour_cents)} an hour` : ""}
            </dd>
          </div>
        )}
        {quote.fuel_policy && (
          <div>
            <dt className="inline font-semibold">Fuel: </dt>
            <dd className="inline">{FUEL_POLICIES[quote.fuel_policy]}</dd>
          </div>
        )}
        <div>
          <dt className="inline font-semibold">Valid until: </dt>
          <dd className="inline">{dateTime(quote.valid_until)}</dd>
        </div>
        <div>
          <dt className="inline font-semibold">Reviews: </dt>
          <dd className="inline">
            {recipient.reviews.count > 0 && recipient.reviews.average !== null ? (
              <>
                <Stars stars={Math.round(recipient.reviews.average)} /> {recipient.reviews.average} ({recipient.reviews.count})
              </>
            ) : (
              "none yet"
            )}
          </dd>
        </div>
        <div>
          <dt className="inline font-semibold">Usually responds: </dt>
          <dd className="inline">{recipient.response ? `within ${recipient.response.hours} h` : "not known yet"}</dd>
        </div>
      </dl>
      <table className="mt-3 w-full text-sm">
        <caption className="sr-only">What the total includes</caption>
        <tbody>
          {quote.lines.map((line, i) => (
            <tr key={i} className="border-t border-ink-100">
              <th scope="row" className="py-1 pr-2 text-left font-normal wrap-anywhere">
                {line.label}
                {line.quantity !== 1 ? ` × ${line.quantity}` : ""}
              </th>
              <td className="py-1 text-right tabular-nums">{centsText(line.amount_cents)}</td>
            </tr>
          ))}
          {quote.tax_cents > 0 && (
            <tr className="border-t border-ink-100">
              <th scope="row" className="py-1 pr-2 text-left font-normal">
                Sales tax ({quote.tax_percent}%)
              </th>
              <td className="py-1 text-right tabular-nums">{centsText(quote.tax_cents)}</td>
            </tr>
          )}
        </tbody>
      </table>
      {quote.message && <p className="mt-3 text-sm whitespace-pre-line text-ink-700 wrap-anywhere">{quote.message}</p>}
      {bookable && (
        <details className="mt-4">
          <summary className="cursor-pointer rounded-md bg-brand-600 px-4 py-2 text-center font-semibold text-white">
            Book this quote
          </summary>
          <form action={bookQuoteAction} className="mt-2 space-y-2">
            <OwnRequest lead={lead} statusKey={statusKey} />
            <input type="hidden" name="quote" value={quote.id} />
            <p className="text-sm">
              Book {recipient.vendor_name} for {centsText(quote.total_cents)}? The other vendors are told you chose another.
            </p>
            <Button type="submit">Confirm booking</Button>
          </form>
        </details>
      )}
    </article>
  );
}

/**
 * The vendors' quotes for the request side by side (stacked on a phone): total, what it includes,
 * availability, validity, the vendor's reviews and response time; "Book this quote" asks once to
 * confirm. Once booked, the booking and, until the rental starts, a way to cancel it.
 */
export function RequestQuotes({
  lead,
  statusKey,
  notice,
  error,
}: {
  lead: LeadStatus;
  statusKey: string | null;
  notice: Param;
  error: Param;
}) {
  const quoted = lead.recipients.filter((r): r is Recipient & { quote: Quote } => r.quote !== null);
  const message = { notice: bookingMessage("notice", notice), error: bookingMessage("error", error) };
  if (quoted.length === 0 && !message.notice && !message.error) return null;
  const booked = lead.booking && lead.recipients.find((r) => r.vendor_id === lead.booking?.vendor_id);
  const cancellable = lead.booking?.status === "booked" && new Date().toISOString().slice(0, 10) < lead.rental_start_date;
  return (
    <section id="quotes" className="mt-8" aria-labelledby="quotes-heading">
      <h2 id="quotes-heading" className="text-xl font-bold">
        Quotes
      </h2>
      <ActionNotice notice={message.notice} error={message.error} />
      {lead.booking && booked && (
        <p className="mt-2 font-semibold" data-testid="booking">
          {lead.booking.status === "booked"
            ? `Booked with ${booked.vendor_name}${booked.phone ? `, ${booked.phone}` : ""}.`
            : `Your booking with ${booked.vendor_name} is cancelled.`}
        </p>
      )}
      {cancellable && (
        <details className="mt-2">
          <summary className="cursor-pointer font-semibold text-brand-700">Cancel my booking</summary>
          <form action={cancelBookingAction} className="mt-2 space-y-2">
            <OwnRequest lead={lead} statusKey={statusKey} />
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
      <div className="mt-3 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="quotes">
        {quoted.map((r) => (
          <QuoteCard key={r.vendor_id} lead={lead} recipient={r} quote={r.quote} statusKey={statusKey} />
        ))}
      </div>
    </section>
  );
}
