import { Button } from "@/components/ui/button";
import {
  answerLineAction,
  bookQuoteAction,
  callOffAction,
  confirmArrivalAction,
  extendAction,
  reportProblemAction,
} from "@/lib/requests/actions";
import { centsText } from "@/lib/quotes/quote";
import { FUEL_LEVELS, PROBLEMS, rentalStage, siteTime, windowText } from "@/lib/quotes/rental";
import type { RequestStatus } from "@/lib/requests/status";
import { PhotoInputs } from "./photo-inputs";
import { BillTable } from "./bill-table";
import { RentalPhotos } from "./rental-photos";

const INPUT = "mt-1 block w-full rounded-md border border-ink-300 p-2";

function OwnRequest({ lead, statusKey }: { lead: RequestStatus; statusKey: string | null }) {
  return (
    <>
      <input type="hidden" name="id" value={lead.id} />
      {statusKey && <input type="hidden" name="key" value={statusKey} />}
    </>
  );
}

/**
 * The rental after the booking, on the renter's status page: where and when, the vendor's
 * window (or that it is still waiting for one), the machine on its way and delivered with its
 * readings and photos, and the renter's answer: "Arrived" or a problem. After a release, the
 * other open quotes, the lowest booked in one tap with the same job site details.
 */
export function RentalProgress({ lead, statusKey }: { lead: RequestStatus; statusKey: string | null }) {
  const rental = lead.booking?.status === "booked" ? lead.booking : null;
  if (rental) return <LiveRental lead={lead} rental={rental} statusKey={statusKey} />;
  if (lead.released && !lead.booking) return <Released lead={lead} statusKey={statusKey} />;
  return null;
}

function Released({ lead, statusKey }: { lead: RequestStatus; statusKey: string | null }) {
  const released = lead.released!;
  const now = new Date();
  const next = lead.recipients
    .flatMap((r) => (r.quote && r.quote.status === "open" && new Date(r.quote.valid_until) > now ? [{ r, quote: r.quote }] : []))
    .sort((a, b) => a.quote.total_cents - b.quote.total_cents)[0];
  return (
    <section id="rental" className="mx-auto mt-8 max-w-2xl rounded-md border border-brand-600 p-4" data-testid="released">
      <h2 className="text-xl font-bold">Your booking was released</h2>
      <p className="mt-2">
        {released.vendor_name} did not confirm a delivery window in time, so your booking with them was released. You owe them nothing.
      </p>
      {next ? (
        <form action={bookQuoteAction} className="mt-3 space-y-2">
          <OwnRequest lead={lead} statusKey={statusKey} />
          <input type="hidden" name="quote" value={next.quote.id} />
          <input type="hidden" name="site_address" value={released.site_address ?? ""} />
          <input type="hidden" name="access_notes" value={released.access_notes ?? ""} />
          <input type="hidden" name="site_contact" value={released.site_contact ?? ""} />
          <input type="hidden" name="site_phone" value={released.site_phone ?? ""} />
          <input type="hidden" name="window_preference" value={released.window_preference ?? "any"} />
          <p>
            The next quote is {next.r.vendor_name}&apos;s, for {centsText(next.quote.total_cents)}, delivered to {released.site_address}.
          </p>
          <Button type="submit">Book the next quote</Button>
        </form>
      ) : (
        <p className="mt-2">No other quote is open: the vendors may still send one, or send a new request.</p>
      )}
    </section>
  );
}

function LiveRental({
  lead,
  rental,
  statusKey,
}: {
  lead: RequestStatus;
  rental: NonNullable<RequestStatus["booking"]>;
  statusKey: string | null;
}) {
  const stage = rentalStage(rental);
  const vendor = lead.recipients.find((r) => r.vendor_id === rental.vendor_id)?.vendor_name ?? "The vendor";
  const window = windowText(rental);
  const photos = (record: "delivery" | "problem") => rental.photos.filter((p) => p.record === record).map((p) => p.path);
  return (
    <section id="rental" className="mx-auto mt-8 max-w-2xl" aria-labelledby="rental-heading" data-testid="rental">
      <h2 id="rental-heading" className="text-xl font-bold">
        Your rental
      </h2>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="font-semibold">Job site</dt>
        <dd>{rental.site_address ?? `ZIP ${lead.location}`}</dd>
        {rental.access_notes && (
          <>
            <dt className="font-semibold">Access</dt>
            <dd>{rental.access_notes}</dd>
          </>
        )}
        {rental.site_contact && (
          <>
            <dt className="font-semibold">Site contact</dt>
            <dd>
              {rental.site_contact}, {rental.site_phone}
            </dd>
          </>
        )}
        <dt className="font-semibold">Delivery</dt>
        <dd data-testid="rental-stage">
          {stage === "waiting" &&
            (rental.confirm_by
              ? `Waiting for the vendor to confirm a delivery window, by ${siteTime(rental.confirm_by, rental.time_zone)}.`
              : "Waiting for the vendor to confirm a delivery window.")}
          {stage === "confirmed" && `Confirmed: ${window}.`}
          {stage === "on_the_way" && `On the way (window: ${window}).`}
          {stage === "on_rent" && rental.delivered_at && `Delivered ${siteTime(rental.delivered_at, rental.time_zone)}.`}
          {(stage === "returned" || stage === "billed" || stage === "settled") &&
            rental.picked_up_at &&
            `Picked up ${siteTime(rental.picked_up_at, rental.time_zone)}.`}
        </dd>
      </dl>
      {(stage === "confirmed" || stage === "on_the_way") && rental.problem && (
        <p className="mt-3 font-semibold" data-testid="problem">
          You reported: {PROBLEMS[rental.problem]}. {vendor} is told, and our team can see it.
        </p>
      )}
      {(stage === "confirmed" || stage === "on_the_way") &&
        !rental.problem &&
        rental.window_end &&
        new Date(rental.window_end) < new Date() && (
          <details className="mt-3" data-testid="not-arrived">
            <summary className="cursor-pointer font-semibold text-brand-700">The machine has not arrived</summary>
            <form action={reportProblemAction} className="mt-2 space-y-2">
              <OwnRequest lead={lead} statusKey={statusKey} />
              <input type="hidden" name="problem" value="not_arrived" />
              <label className="block text-sm font-semibold" htmlFor="not-arrived-note">
                Tell the vendor what happened
                <textarea id="not-arrived-note" name="note" required maxLength={500} rows={3} className={INPUT} />
              </label>
              <Button type="submit" variant="outline">
                Report it
              </Button>
            </form>
          </details>
        )}
      {rental.call_off_number && (
        <p className="mt-3 font-semibold" data-testid="call-off">
          Called off {rental.off_rent_at ? siteTime(rental.off_rent_at, rental.time_zone) : ""}: call-off number {rental.call_off_number}.
        </p>
      )}
      {rental.extensions.map((x) => (
        <p key={x.id} className="mt-2 text-sm" data-testid="extension">
          Extension to {x.new_end} ({x.added_days} days, {centsText(x.price_cents)} before tax):{" "}
          {x.status === "asked" ? "waiting for the vendor" : x.status}.
        </p>
      ))}
      {stage === "on_rent" && !rental.call_off_number && !rental.extensions.some((x) => x.status === "asked") && (
        <details className="mt-3">
          <summary className="cursor-pointer font-semibold text-brand-700">Extend the rental</summary>
          <form action={extendAction} className="mt-2 space-y-2">
            <OwnRequest lead={lead} statusKey={statusKey} />
            <label className="block text-sm font-semibold" htmlFor="extend-to">
              Keep it until
              <input id="extend-to" name="new_end" type="date" required min={rental.end_date} className={INPUT} />
            </label>
            <p className="text-sm">The added days are priced at your quote&apos;s rates; the vendor accepts or declines.</p>
            <Button type="submit" variant="outline">
              Ask to extend
            </Button>
          </form>
        </details>
      )}
      {stage === "on_rent" && !rental.call_off_number && (
        <details className="mt-3">
          <summary className="cursor-pointer font-semibold text-brand-700">Call the rental off now</summary>
          <form action={callOffAction} className="mt-2 space-y-2">
            <OwnRequest lead={lead} statusKey={statusKey} />
            <p className="text-sm">
              Rent stops now, by your quote&apos;s periods; you get a call-off number at once and the vendor picks the machine up.
            </p>
            <Button type="submit" variant="outline">
              Call it off
            </Button>
          </form>
        </details>
      )}
      {(stage === "returned" || stage === "billed" || stage === "settled") && (
        <>
          <p className="mt-3 text-sm" data-testid="pickup-readings">
            Hour meter: {rental.delivery_hours} at delivery, {rental.pickup_hours} at pickup. Fuel: {FUEL_LEVELS[rental.delivery_fuel ?? 0]}{" "}
            at delivery, {FUEL_LEVELS[rental.pickup_fuel ?? 0]} at pickup.
          </p>
          {stage === "returned" && <p className="mt-2">{vendor} is preparing your final bill from your quote and these readings.</p>}
        </>
      )}
      {(stage === "billed" || stage === "settled") && (
        <>
          <h3 className="mt-4 text-lg font-bold">Your final bill</h3>
          <BillTable
            rental={rental}
            answer={(line) => (
              <div className="space-y-2">
                <form action={answerLineAction}>
                  <OwnRequest lead={lead} statusKey={statusKey} />
                  <input type="hidden" name="line" value={line.id} />
                  <input type="hidden" name="answer" value="accept" />
                  <Button type="submit" size="sm" variant="outline">
                    Accept this line
                  </Button>
                </form>
                <form action={answerLineAction} className="space-y-1">
                  <OwnRequest lead={lead} statusKey={statusKey} />
                  <input type="hidden" name="line" value={line.id} />
                  <input type="hidden" name="answer" value="dispute" />
                  <label className="block font-semibold" htmlFor={`dispute-${line.id}`}>
                    Why do you dispute it?
                    <textarea id={`dispute-${line.id}`} name="reason" required maxLength={500} rows={2} className={INPUT} />
                  </label>
                  <Button type="submit" size="sm">
                    Dispute this line
                  </Button>
                </form>
              </div>
            )}
          />
          <p className="mt-2 text-sm">
            <a
              href={`/requests/${lead.id}/bill${statusKey ? `?key=${encodeURIComponent(statusKey)}` : ""}`}
              className="text-brand-700 underline"
            >
              Print the bill
            </a>
          </p>
        </>
      )}
      {stage === "on_rent" && (
        <>
          <p className="mt-3 text-sm" data-testid="delivery-readings">
            Hour meter at delivery: {rental.delivery_hours}. Fuel: {FUEL_LEVELS[rental.delivery_fuel ?? 0]}.
          </p>
          <RentalPhotos paths={photos("delivery")} label="Delivery photo" />
          {rental.arrived_at && <p className="mt-3 font-semibold">You confirmed the machine arrived.</p>}
          {rental.problem && (
            <div className="mt-3" data-testid="problem">
              <p className="font-semibold">
                You reported: {PROBLEMS[rental.problem]}. {vendor} is told, and our team can see it.
              </p>
              {rental.problem_note && <p className="text-sm">{rental.problem_note}</p>}
              <RentalPhotos paths={photos("problem")} label="Problem photo" />
            </div>
          )}
          {!rental.arrived_at && !rental.problem && (
            <form action={confirmArrivalAction} className="mt-3">
              <OwnRequest lead={lead} statusKey={statusKey} />
              <Button type="submit">Arrived</Button>
            </form>
          )}
          {!rental.problem && (
            <details className="mt-3">
              <summary className="cursor-pointer font-semibold text-brand-700">Report a problem</summary>
              <form action={reportProblemAction} className="mt-2 space-y-2">
                <OwnRequest lead={lead} statusKey={statusKey} />
                <label className="block text-sm font-semibold" htmlFor="problem">
                  What is wrong?
                  <select id="problem" name="problem" required className={INPUT}>
                    {Object.entries(PROBLEMS).map(([value, label]) => (
                      <option key={value} value={value}>
                        {label}
                      </option>
                    ))}
                  </select>
                </label>
                <label className="block text-sm font-semibold" htmlFor="problem-note">
                  Tell the vendor what you see
                  <textarea id="problem-note" name="note" required maxLength={500} rows={3} className={INPUT} />
                </label>
                <PhotoInputs id="problem-photos" label="Photos (needed unless the machine did not arrive)" />
                <Button type="submit" variant="outline">
                  Send the report
                </Button>
              </form>
            </details>
          )}
        </>
      )}
    </section>
  );
}
