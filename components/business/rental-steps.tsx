import { PhotoInputs } from "@/components/rental/photo-inputs";
import { RentalPhotos } from "@/components/rental/rental-photos";
import { Button } from "@/components/ui/button";
import { inputClass } from "@/components/ui/form-field";
import { confirmWindowAction, deliverAction, dispatchAction } from "@/lib/requests/actions";
import { FUEL_LEVELS, PROBLEMS, rentalStage, siteTime, windowText, WINDOW_PREFERENCES, type Rental } from "@/lib/quotes/rental";

/** The day before a day (YYYY-MM-DD). */
function dayBefore(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
}

function Ids({ vendorId, leadId }: { vendorId: number; leadId: number }) {
  return (
    <>
      <input type="hidden" name="vendor_id" value={vendorId} />
      <input type="hidden" name="lead_id" value={leadId} />
    </>
  );
}

/**
 * A booked request on the booked vendor's dashboard: the job site, then the step it is at:
 * confirming a delivery window (by its deadline), marking the machine on its way, and marking it
 * delivered with the hour meter, the fuel and walk-around photos; then what the renter answered.
 */
export function RentalSteps({ rental, vendorId, leadId }: { rental: Rental; vendorId: number; leadId: number }) {
  const stage = rentalStage(rental);
  const photos = (record: "delivery" | "problem") => rental.photos.filter((p) => p.record === record).map((p) => p.path);
  const id = `rental-${vendorId}-${leadId}`;
  return (
    <div className="mt-2 space-y-2 rounded-md bg-ink-50 p-3" data-testid="rental-steps">
      <p className="font-semibold">Job site</p>
      <p>
        {rental.site_address ?? "Not given"}
        {rental.access_notes ? ` · ${rental.access_notes}` : ""}
      </p>
      {rental.site_contact && (
        <p>
          Site contact: {rental.site_contact},{" "}
          <a href={`tel:${(rental.site_phone ?? "").replace(/[^\d+]/g, "")}`} className="text-brand-700 underline">
            {rental.site_phone}
          </a>
        </p>
      )}
      {stage === "waiting" && (
        <form action={confirmWindowAction} className="space-y-2" data-testid="confirm-window">
          <Ids vendorId={vendorId} leadId={leadId} />
          <p>
            Confirm a delivery window of at most 4 hours (job site&apos;s local time)
            {rental.confirm_by ? `, by ${siteTime(rental.confirm_by, rental.time_zone)}` : ""}. Not confirmed by then, the booking is
            released.
            {rental.window_preference ? ` The renter prefers: ${WINDOW_PREFERENCES[rental.window_preference]}.` : ""}
          </p>
          <div className="flex flex-wrap items-end gap-2">
            <label className="font-semibold" htmlFor={`${id}-day`}>
              Day
              <input
                id={`${id}-day`}
                name="day"
                type="date"
                required
                min={dayBefore(rental.start_date)}
                max={rental.start_date}
                defaultValue={rental.start_date}
                className={`${inputClass} mt-1 block font-normal`}
              />
            </label>
            <label className="font-semibold" htmlFor={`${id}-from`}>
              From
              <input
                id={`${id}-from`}
                name="from"
                type="time"
                required
                defaultValue="08:00"
                className={`${inputClass} mt-1 block font-normal`}
              />
            </label>
            <label className="font-semibold" htmlFor={`${id}-to`}>
              To
              <input
                id={`${id}-to`}
                name="to"
                type="time"
                required
                defaultValue="12:00"
                className={`${inputClass} mt-1 block font-normal`}
              />
            </label>
            <Button type="submit" size="sm">
              Confirm the window
            </Button>
          </div>
        </form>
      )}
      {stage !== "waiting" && <p data-testid="rental-window">Delivery window: {windowText(rental)}</p>}
      {stage === "confirmed" && (
        <form action={dispatchAction}>
          <Ids vendorId={vendorId} leadId={leadId} />
          <Button type="submit" size="sm" variant="outline">
            On the way
          </Button>
        </form>
      )}
      {(stage === "confirmed" || stage === "on_the_way") && (
        <details>
          <summary className="cursor-pointer font-semibold text-brand-700">Delivered</summary>
          <form action={deliverAction} className="mt-2 space-y-2" data-testid="deliver">
            <Ids vendorId={vendorId} leadId={leadId} />
            <div className="flex flex-wrap items-end gap-2">
              <label className="font-semibold" htmlFor={`${id}-hours`}>
                Hour meter
                <input
                  id={`${id}-hours`}
                  name="hours"
                  type="number"
                  inputMode="decimal"
                  min={0}
                  max={99999}
                  step={0.1}
                  required
                  className={`${inputClass} mt-1 block w-32 font-normal`}
                />
              </label>
              <label className="font-semibold" htmlFor={`${id}-fuel`}>
                Fuel
                <select id={`${id}-fuel`} name="fuel" required defaultValue="8" className={`${inputClass} mt-1 block font-normal`}>
                  {FUEL_LEVELS.map((level, eighths) => (
                    <option key={level} value={eighths}>
                      {level}
                    </option>
                  ))}
                </select>
              </label>
            </div>
            <PhotoInputs id={`${id}-photos`} label="Walk-around photos" required />
            <Button type="submit" size="sm">
              Mark delivered
            </Button>
          </form>
        </details>
      )}
      {stage === "on_the_way" && (
        <p>Marked on the way{rental.dispatched_at ? ` ${siteTime(rental.dispatched_at, rental.time_zone)}` : ""}.</p>
      )}
      {stage === "on_rent" && (
        <>
          <p data-testid="rental-delivered">
            Delivered {rental.delivered_at ? siteTime(rental.delivered_at, rental.time_zone) : ""} · hour meter {rental.delivery_hours} ·
            fuel {FUEL_LEVELS[rental.delivery_fuel ?? 0]}
          </p>
          <RentalPhotos paths={photos("delivery")} label="Delivery photo" />
          {rental.arrived_at && <p>The renter confirmed it arrived.</p>}
          {rental.problem && (
            <div className="text-danger-600" data-testid="rental-problem">
              <p className="font-semibold">The renter reported: {PROBLEMS[rental.problem]}</p>
              {rental.problem_note && <p>{rental.problem_note}</p>}
              <RentalPhotos paths={photos("problem")} label="Problem photo" />
            </div>
          )}
        </>
      )}
    </div>
  );
}
