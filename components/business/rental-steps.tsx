import { PhotoInputs } from "@/components/rental/photo-inputs";
import { RentalPhotos } from "@/components/rental/rental-photos";
import { Button } from "@/components/ui/button";
import { inputClass } from "@/components/ui/form-field";
import { BillTable } from "@/components/rental/bill-table";
import {
  addBillLineAction,
  answerExtensionAction,
  confirmWindowAction,
  deliverAction,
  dispatchAction,
  pickUpAction,
  sendBillAction,
} from "@/lib/requests/actions";
import { centsText } from "@/lib/quotes/quote";
import {
  ADDED_LINES,
  FUEL_LEVELS,
  PROBLEMS,
  rentalStage,
  siteTime,
  windowText,
  WINDOW_PREFERENCES,
  type Rental,
} from "@/lib/quotes/rental";

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
      {(stage === "confirmed" || stage === "on_the_way") && rental.problem && (
        <p className="font-semibold text-danger-600" data-testid="rental-problem">
          The renter reported: {PROBLEMS[rental.problem]}
          {rental.problem_note ? `: ${rental.problem_note}` : ""}
        </p>
      )}
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
            <Readings id={id} least={0} />
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
      {rental.call_off_number && (
        <p className="font-semibold" data-testid="rental-called-off">
          Called off by the renter {rental.off_rent_at ? siteTime(rental.off_rent_at, rental.time_zone) : ""}: call-off number{" "}
          {rental.call_off_number}. Rent stopped then.
        </p>
      )}
      {rental.extensions
        .filter((x) => x.status === "asked" && stage === "on_rent")
        .map((x) => (
          <div key={x.id} data-testid="extension-ask">
            <p className="font-semibold">
              The renter asks to extend to {x.new_end} ({x.added_days} days, {centsText(x.price_cents)} before tax at your quote&apos;s
              rates).
            </p>
            <div className="mt-1 flex flex-wrap gap-2">
              {(["accept", "decline"] as const).map((answer) => (
                <form key={answer} action={answerExtensionAction}>
                  <Ids vendorId={vendorId} leadId={leadId} />
                  <input type="hidden" name="answer" value={answer} />
                  <Button type="submit" size="sm" variant={answer === "accept" ? "primary" : "outline"}>
                    {answer === "accept" ? "Accept the extension" : "Decline"}
                  </Button>
                </form>
              ))}
            </div>
          </div>
        ))}
      {stage === "on_rent" && (
        <details>
          <summary className="cursor-pointer font-semibold text-brand-700">Picked up</summary>
          <form action={pickUpAction} className="mt-2 space-y-2" data-testid="pick-up">
            <Ids vendorId={vendorId} leadId={leadId} />
            <Readings id={`${id}-pickup`} least={rental.delivery_hours ?? 0} />
            <PhotoInputs id={`${id}-pickup-photos`} label="Photos at pickup" required />
            <Button type="submit" size="sm">
              Record the pickup
            </Button>
          </form>
        </details>
      )}
      {(stage === "returned" || stage === "billed" || stage === "settled") && (
        <p data-testid="rental-picked-up">
          Picked up {rental.picked_up_at ? siteTime(rental.picked_up_at, rental.time_zone) : ""} · hour meter {rental.pickup_hours} · fuel{" "}
          {FUEL_LEVELS[rental.pickup_fuel ?? 0]}
        </p>
      )}
      {(stage === "returned" || stage === "billed" || stage === "settled") && <BillTable rental={rental} />}
      {stage === "returned" && (
        <>
          <details>
            <summary className="cursor-pointer font-semibold text-brand-700">Add a line (damage, cleaning, fuel)</summary>
            <form action={addBillLineAction} className="mt-2 space-y-2" data-testid="add-line">
              <Ids vendorId={vendorId} leadId={leadId} />
              <p>A line your quote does not cover is marked &quot;not in your quote&quot;: the renter accepts or disputes it.</p>
              <div className="flex flex-wrap items-end gap-2">
                <label className="font-semibold" htmlFor={`${id}-line-kind`}>
                  For
                  <select id={`${id}-line-kind`} name="kind" required className={`${inputClass} mt-1 block font-normal`}>
                    {Object.entries(ADDED_LINES).map(([value, label]) => (
                      <option key={value} value={value}>
                        {label}
                      </option>
                    ))}
                  </select>
                </label>
                <label className="font-semibold" htmlFor={`${id}-line-label`}>
                  Line
                  <input id={`${id}-line-label`} name="label" required maxLength={120} className={`${inputClass} mt-1 block font-normal`} />
                </label>
                <label className="font-semibold" htmlFor={`${id}-line-amount`}>
                  Amount ($)
                  <input
                    id={`${id}-line-amount`}
                    name="amount"
                    required
                    inputMode="decimal"
                    className={`${inputClass} mt-1 block w-32 font-normal`}
                  />
                </label>
              </div>
              <label className="block font-semibold" htmlFor={`${id}-line-reason`}>
                Reason
                <textarea
                  id={`${id}-line-reason`}
                  name="reason"
                  required
                  maxLength={500}
                  rows={2}
                  className={`${inputClass} mt-1 block w-full font-normal`}
                />
              </label>
              <PhotoInputs id={`${id}-line-photos`} label="Photos of it" required />
              <Button type="submit" size="sm" variant="outline">
                Add the line
              </Button>
            </form>
          </details>
          <form action={sendBillAction}>
            <Ids vendorId={vendorId} leadId={leadId} />
            <Button type="submit" size="sm">
              Send the bill
            </Button>
          </form>
        </>
      )}
      {(stage === "billed" || stage === "settled") && (
        <p>
          {stage === "settled" ? "Settled." : "Sent: waiting for the renter's answer to each line not in the quote."}{" "}
          <a href={`/business/bill/${vendorId}/${leadId}`} className="text-brand-700 underline">
            Print the bill
          </a>
        </p>
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

/** The hour meter and the fuel gauge, as a delivery or a pickup records them. */
function Readings({ id, least }: { id: string; least: number }) {
  return (
    <div className="flex flex-wrap items-end gap-2">
      <label className="font-semibold" htmlFor={`${id}-hours`}>
        Hour meter
        <input
          id={`${id}-hours`}
          name="hours"
          type="number"
          inputMode="decimal"
          min={least}
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
  );
}
