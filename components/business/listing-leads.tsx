import { QuoteForm } from "@/components/quotes/quote-form";
import { Button } from "@/components/ui/button";
import { inputClass } from "@/components/ui/form-field";
import { saveQuoteAction, setRequestStatusAction, withdrawQuoteAction } from "@/lib/requests/actions";
import { setLeadsPausedAction } from "@/lib/listings/actions";
import type { BusinessRequest, WinRate } from "@/lib/requests/data";
import type { BusinessListing } from "@/lib/listings/manage";
import { prefillQuote } from "@/lib/quotes/form";
import { centsText } from "@/lib/quotes/quote";
import { UNAVAILABLE_REASONS } from "@/lib/outbox/rows";
import { RentalSteps } from "./rental-steps";

const STATUSES = [
  ["contacted", "Contacted"],
  ["quoted", "Quoted"],
  ["won", "Won"],
  ["lost", "Lost"],
  ["not_a_fit", "Not a fit"],
  ["unavailable", "Not available"],
] as const;
const label = (status: BusinessRequest["status"]) => STATUSES.find(([value]) => value === status)?.[1] ?? "New";

/** Where a request stands for this listing: new, contacted, quoted, booked, closed (chose another vendor) or cancelled. */
function standing(lead: BusinessRequest): string {
  if (lead.booking?.vendor_id === lead.vendor_id) return lead.booking.status === "booked" ? "Booked" : "Cancelled by the renter";
  if (lead.booking) return "Closed: the renter chose another vendor";
  if (lead.quote?.status === "open") return `Quoted ${centsText(lead.quote.total_cents)}`;
  return label(lead.status);
}

/** "2 h 15 min" left until a response is due, from the page's time. */
function timeLeft(due: string, now: number): string {
  const minutes = Math.max(0, Math.ceil((Date.parse(due) - now) / 60_000));
  const hours = Math.floor(minutes / 60);
  return hours > 0 ? `${hours} h ${minutes % 60} min` : `${minutes} min`;
}

/** The vendor's clock on a request: the time left to give a first response, or that it ran out. */
function responseClock(lead: BusinessRequest, now: number) {
  if (lead.passed_at)
    return (
      <p className="font-semibold text-danger-600" data-testid="response-clock">
        No answer within 4 business hours: the request was passed on ({lead.passed_at.slice(0, 10)}). You can still answer it.
      </p>
    );
  // Lost and not a fit are no answer: the clock runs on until the vendor responds.
  if (!lead.due_at || lead.withdrawn_at || lead.booking) return null;
  return (
    <p className="font-semibold text-brand-700" data-testid="response-clock">
      {Date.parse(lead.due_at) > now ? `${timeLeft(lead.due_at, now)} left to respond` : "Time to respond has run out"}
      <span className="font-normal text-ink-600"> (4 business hours; then it is passed to the next vendor)</span>
    </p>
  );
}

/** Whether the listing can still quote the request: not withdrawn, not booked, its rental not started. */
const quotable = (lead: BusinessRequest) =>
  !lead.withdrawn_at && !lead.booking && lead.rental_start_date !== null && lead.rental_start_date > new Date().toISOString().slice(0, 10);

/**
 * A listing's rental requests among the dashboard's page of them, newest first, each with its
 * status; and whether requests are on. `older`: the page left older requests out.
 */
export function ListingLeads({
  listing,
  leads,
  older,
  winRate,
}: {
  listing: BusinessListing;
  leads: BusinessRequest[];
  older: boolean;
  winRate: WinRate | undefined;
}) {
  // The page is rendered for each visit: its clock is the visit's.
  // eslint-disable-next-line react-hooks/purity
  const now = Date.now();
  return (
    <section aria-label={`Rental requests for ${listing.name}`} className="mt-6" data-testid="listing-leads">
      <div className="flex flex-wrap items-center gap-3">
        <h3 className="text-lg font-bold">Rental requests</h3>
        <form action={setLeadsPausedAction} className="flex items-center gap-2 text-sm">
          <input type="hidden" name="vendor_id" value={listing.id} />
          <input type="hidden" name="paused" value={String(!listing.leads_paused)} />
          <span>{listing.leads_paused ? "Paused: you receive no requests." : "You receive requests by email."}</span>
          <Button type="submit" size="sm" variant="outline">
            {listing.leads_paused ? "Turn requests back on" : "Stop sending me requests"}
          </Button>
        </form>
      </div>
      <p className="mt-2 text-sm" data-testid="own-response-rate">
        {winRate?.response_rate != null && winRate.response_rate_count >= 5
          ? `You respond to ${winRate.response_rate}% of requests (${winRate.response_rate_count} due in 90 days); your listing shows it.`
          : "Your response rate shows on your listing once 5 requests were due. Answer each within 4 business hours."}
      </p>
      {winRate && winRate.quoted > 0 && (
        <p className="mt-2 text-sm" data-testid="win-rate">
          Win rate over 90 days: {Math.round((100 * winRate.booked) / winRate.quoted)}% ({winRate.booked} booked of {winRate.quoted} quoted)
        </p>
      )}
      {leads.length === 0 && (
        <p className="mt-2 text-sm text-ink-600">
          {older ? "None among your newest requests: see older requests below." : "No requests yet."}
        </p>
      )}
      <ul className="mt-3 space-y-3 text-sm">
        {leads.map((lead) => (
          <li
            key={lead.id}
            id={`lead-${listing.id}-${lead.id}`}
            className="rounded-md border border-ink-200 p-3"
            data-testid="business-lead"
          >
            <p className="font-semibold">
              #{lead.id} · {lead.name} ·{" "}
              <a
                href={`tel:${lead.phone.replace(/\s*(?:x|ext\.?|extension|#)\s*\d+\s*$/i, "").replace(/[^\d+]/g, "")}`}
                className="text-brand-700 underline"
              >
                {lead.phone}
              </a>
            </p>
            <p>
              {lead.skid_steer_type === "tracked" ? "Tracked" : "Wheeled"} skid steer · {lead.rental_start_date} to {lead.rental_end_date} (
              {lead.rental_days} days) · job site ZIP {lead.location}
            </p>
            <p className="text-ink-600">
              Received {lead.completed_at.slice(0, 10)} · <span data-testid="lead-standing">{standing(lead)}</span>
              {lead.status_reason && !lead.booking
                ? `: ${lead.status === "unavailable" ? (UNAVAILABLE_REASONS[lead.status_reason as keyof typeof UNAVAILABLE_REASONS] ?? "") : lead.status_reason}`
                : ""}
            </p>
            {responseClock(lead, now)}
            {lead.booking && "photos" in lead.booking && lead.booking.status === "booked" && (
              <RentalSteps rental={lead.booking} vendorId={listing.id} leadId={lead.id} />
            )}
            {lead.withdrawn_at && (
              <p className="font-semibold text-danger-600">Withdrawn by the customer on {lead.withdrawn_at.slice(0, 10)}</p>
            )}
            {quotable(lead) && (
              <details className="mt-2">
                <summary className="cursor-pointer font-semibold text-brand-700">
                  {lead.quote?.status === "open" ? "Revise your quote" : "Send a quote"}
                </summary>
                <QuoteForm
                  action={saveQuoteAction}
                  idPrefix={`quote-${listing.id}-${lead.id}`}
                  rentalStart={lead.rental_start_date as string}
                  prefill={prefillQuote(listing.rates, lead.skid_steer_type === "tracked" ? "tracked" : "wheeled", lead.rental_days)}
                  quote={lead.quote?.status === "open" ? lead.quote : null}
                  hidden={
                    <>
                      <input type="hidden" name="vendor_id" value={listing.id} />
                      <input type="hidden" name="lead_id" value={lead.id} />
                    </>
                  }
                />
              </details>
            )}
            {quotable(lead) && !lead.quote && lead.status !== "unavailable" && (
              <form action={setRequestStatusAction} className="mt-2 flex flex-wrap items-end gap-2" data-testid="unavailable-form">
                <input type="hidden" name="vendor_id" value={listing.id} />
                <input type="hidden" name="lead_id" value={lead.id} />
                <input type="hidden" name="status" value="unavailable" />
                <label className="max-w-full min-w-0 font-semibold">
                  Why (the customer is told)
                  <select
                    name="reason"
                    required
                    defaultValue="dates_taken"
                    className={`${inputClass} mt-1 block w-full max-w-full font-normal`}
                  >
                    {Object.entries(UNAVAILABLE_REASONS).map(([value, text]) => (
                      <option key={value} value={value}>
                        {text[0].toUpperCase() + text.slice(1)}
                      </option>
                    ))}
                  </select>
                </label>
                <Button type="submit" size="sm" variant="outline">
                  Not available for these dates
                </Button>
              </form>
            )}
            {quotable(lead) && lead.quote?.status === "open" && (
              <form action={withdrawQuoteAction} className="mt-2">
                <input type="hidden" name="vendor_id" value={listing.id} />
                <input type="hidden" name="lead_id" value={lead.id} />
                <Button type="submit" size="sm" variant="outline">
                  Withdraw your quote
                </Button>
              </form>
            )}
            <form action={setRequestStatusAction} className="mt-2 flex flex-wrap items-end gap-2">
              <input type="hidden" name="vendor_id" value={listing.id} />
              <input type="hidden" name="lead_id" value={lead.id} />
              <label className="font-semibold">
                Status
                {/* The request's own status; a new one has none, and saving none is refused rather than marking it contacted. */}
                <select name="status" required defaultValue={lead.status ?? ""} className={`${inputClass} mt-1 block font-normal`}>
                  <option value="">Choose a status</option>
                  {STATUSES.filter(([value]) => value !== "unavailable").map(([value, text]) => (
                    <option key={value} value={value}>
                      {text}
                    </option>
                  ))}
                </select>
              </label>
              <label className="font-semibold">
                Reason (for lost or not a fit)
                <input
                  name="reason"
                  maxLength={500}
                  defaultValue={lead.status_reason ?? ""}
                  className={`${inputClass} mt-1 block font-normal`}
                />
              </label>
              <Button type="submit" size="sm">
                Save status
              </Button>
            </form>
          </li>
        ))}
      </ul>
    </section>
  );
}
