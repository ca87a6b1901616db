import { BillTable } from "@/components/rental/bill-table";
import { RentalPhotos } from "@/components/rental/rental-photos";
import { consoleTime as when } from "@/lib/platform/console-time";
import { FUEL_LEVELS, PROBLEMS, windowText, WINDOW_PREFERENCES, type Rental } from "@/lib/quotes/rental";

/**
 * A booking's rental on the console's request page: the job site, the window, the delivery and the
 * renter's answer, the changes on rent, the pickup and the bill with its disputes, with the evidence.
 */
export function ConsoleRental({ rental }: { rental: Rental }) {
  const photos = (record: "delivery" | "problem") => rental.photos.filter((p) => p.record === record).map((p) => p.path);
  return (
    <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm wrap-anywhere" data-testid="lead-rental">
      <dt className="font-semibold">Job site</dt>
      <dd>
        {rental.site_address ?? "not given"}
        {rental.access_notes ? ` · ${rental.access_notes}` : ""}
        {rental.site_contact ? ` · ${rental.site_contact}, ${rental.site_phone}` : ""}
      </dd>
      <dt className="font-semibold">Window</dt>
      <dd>
        {windowText(rental) ??
          `not confirmed${rental.confirm_by ? `, due ${when(rental.confirm_by)}` : ""}${rental.window_preference ? ` (prefers ${WINDOW_PREFERENCES[rental.window_preference]})` : ""}`}
      </dd>
      <dt className="font-semibold">Delivery</dt>
      <dd>
        {rental.delivered_at
          ? `delivered ${when(rental.delivered_at)}, hour meter ${rental.delivery_hours}, fuel ${FUEL_LEVELS[rental.delivery_fuel ?? 0]}`
          : rental.dispatched_at
            ? `on the way since ${when(rental.dispatched_at)}`
            : "not yet"}
        {rental.arrived_at ? `; the renter confirmed it arrived ${when(rental.arrived_at)}` : ""}
        <RentalPhotos paths={photos("delivery")} label="Delivery photo" />
      </dd>
      {rental.call_off_number && (
        <>
          <dt className="font-semibold">Called off</dt>
          <dd>
            {rental.off_rent_at ? when(rental.off_rent_at) : ""}, number {rental.call_off_number}
          </dd>
        </>
      )}
      {rental.extensions.length > 0 && (
        <>
          <dt className="font-semibold">Extensions</dt>
          <dd>{rental.extensions.map((x) => `to ${x.new_end}: ${x.status}`).join("; ")}</dd>
        </>
      )}
      {rental.picked_up_at && (
        <>
          <dt className="font-semibold">Pickup</dt>
          <dd>
            {when(rental.picked_up_at)}, hour meter {rental.pickup_hours}, fuel {FUEL_LEVELS[rental.pickup_fuel ?? 0]}
          </dd>
        </>
      )}
      {rental.bill.length > 0 && (
        <>
          <dt className="font-semibold">Bill</dt>
          <dd data-testid="lead-rental-bill">
            {rental.settled_at ? "settled" : rental.billed_at ? "sent, waiting for the renter" : "being prepared"}
            {rental.bill.some((line) => line.answer === "disputed") ? " · disputed" : ""}
            <BillTable rental={rental} />
          </dd>
        </>
      )}
      {rental.problem && (
        <>
          <dt className="font-semibold text-danger-600">Problem</dt>
          <dd data-testid="lead-rental-problem">
            {PROBLEMS[rental.problem]}, reported {rental.problem_at ? when(rental.problem_at) : ""}
            {rental.problem_note ? `: ${rental.problem_note}` : ""}
            <RentalPhotos paths={photos("problem")} label="Problem photo" />
          </dd>
        </>
      )}
    </dl>
  );
}
