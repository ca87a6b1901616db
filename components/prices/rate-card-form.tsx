import { Button } from "@/components/ui/button";
import { inputClass } from "@/components/ui/form-field";
import { CLASS_NAMES, MACHINE_CLASSES } from "@/lib/prices/classes";
import { confirmedLine } from "@/lib/prices/format";
import { ratesFor, type RateCard } from "@/lib/prices/rate-card";
import { FORM_FEE_ROWS } from "@/lib/prices/rate-card-form";

const cell = `${inputClass} w-24`;
const COLUMNS = [
  ["day", "Day"],
  ["week", "Week"],
  ["four_week", "4 weeks"],
] as const;

interface RateCardFormProps {
  action: (form: FormData) => Promise<void>;
  /** Hidden fields naming the listing (e.g. `{ id: 12 }`). */
  hidden: Record<string, string | number>;
  card: RateCard | null;
  /** Prefixes the fields' ids, so several forms can share a page. */
  idPrefix: string;
}

/**
 * A vendor's rate card as a plain form, for the business and for the operator: the
 * classes it rents (blank rows are classes it does not), delivery, damage waiver, fees.
 * Saving confirms the card as of today.
 */
export function RateCardForm({ action, hidden, card, idPrefix }: RateCardFormProps) {
  const id = (name: string) => `${idPrefix}-${name}`;
  const value = (n: number | null | undefined) => (n === null || n === undefined ? "" : String(n));
  const feeRows = Math.max(FORM_FEE_ROWS, card?.fees.length ?? 0);
  return (
    <form action={action} className="mt-3 grid gap-4 text-sm" data-testid="rate-card-form">
      {Object.entries(hidden).map(([name, v]) => (
        <input key={name} type="hidden" name={name} value={v} />
      ))}
      <p className="text-ink-700">
        Rates in dollars; leave a machine blank if you do not rent it. Meter hours are those each period includes.
        {card && ` ${card.sample ? "These are sample rates. " : ""}${confirmedLine(card.confirmed_on).text}.`}
      </p>
      <div className="overflow-x-auto">
        <table className="text-left">
          <thead>
            <tr className="text-ink-600">
              <th scope="col" className="pr-2">
                Machine
              </th>
              {COLUMNS.map(([, label]) => (
                <th key={label} scope="col" className="pr-2">
                  {label} rate
                </th>
              ))}
              {COLUMNS.map(([, label]) => (
                <th key={label} scope="col" className="pr-2">
                  {label} hours
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {MACHINE_CLASSES.map((machineClass) => {
              const rates = ratesFor(card, machineClass);
              const name = CLASS_NAMES[machineClass].name;
              return (
                <tr key={machineClass}>
                  <th scope="row" className="pr-2 font-semibold">
                    {name}
                  </th>
                  {COLUMNS.map(([field, label]) => (
                    <td key={field} className="pr-2 py-1">
                      <input
                        name={`${machineClass}_${field}`}
                        inputMode="decimal"
                        aria-label={`${name}, ${label.toLowerCase()} rate`}
                        defaultValue={value(rates?.[field])}
                        className={cell}
                      />
                    </td>
                  ))}
                  {COLUMNS.map(([field, label]) => (
                    <td key={field} className="pr-2 py-1">
                      <input
                        name={`${machineClass}_${field}_hours`}
                        inputMode="numeric"
                        aria-label={`${name}, meter hours per ${label.toLowerCase().replace(/s$/, "")}`}
                        defaultValue={value(rates?.[`${field}_hours`])}
                        className={cell}
                      />
                    </td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <fieldset className="flex flex-wrap gap-3">
        <legend className="font-semibold">Delivery (leave blank if you do not deliver)</legend>
        <label htmlFor={id("delivery_fee")}>
          Flat fee each way{" "}
          <input
            id={id("delivery_fee")}
            name="delivery_fee"
            inputMode="decimal"
            defaultValue={value(card?.delivery?.fee)}
            className={`${cell} block`}
          />
        </label>
        <label htmlFor={id("delivery_miles")}>
          Within miles{" "}
          <input
            id={id("delivery_miles")}
            name="delivery_miles"
            inputMode="numeric"
            defaultValue={value(card?.delivery?.miles)}
            className={`${cell} block`}
          />
        </label>
        <label htmlFor={id("delivery_per_mile")}>
          Per mile beyond{" "}
          <input
            id={id("delivery_per_mile")}
            name="delivery_per_mile"
            inputMode="decimal"
            defaultValue={value(card?.delivery?.per_mile)}
            className={`${cell} block`}
          />
        </label>
      </fieldset>
      <label htmlFor={id("waiver_percent")} className="font-semibold">
        Damage waiver, % of the rental (blank if not offered)
        <input
          id={id("waiver_percent")}
          name="waiver_percent"
          inputMode="decimal"
          defaultValue={value(card?.waiver_percent)}
          className={`${cell} block font-normal`}
        />
      </label>
      <fieldset className="grid gap-2">
        <legend className="font-semibold">Other fees: a percentage of the rental or an amount per rental</legend>
        {Array.from({ length: feeRows }, (_, index) => {
          const fee = card?.fees[index];
          const n = index + 1;
          return (
            <div key={n} className="flex flex-wrap gap-2">
              <input
                name={`fee${n}_label`}
                aria-label={`Fee ${n} name`}
                placeholder="e.g. Environmental fee"
                defaultValue={fee?.label ?? ""}
                className={`${inputClass} w-56`}
              />
              <input
                name={`fee${n}_percent`}
                aria-label={`Fee ${n} percent`}
                placeholder="%"
                inputMode="decimal"
                defaultValue={value(fee?.percent)}
                className={cell}
              />
              <input
                name={`fee${n}_amount`}
                aria-label={`Fee ${n} amount in dollars`}
                placeholder="$"
                inputMode="decimal"
                defaultValue={value(fee?.amount)}
                className={cell}
              />
            </div>
          );
        })}
      </fieldset>
      <label className="flex items-center gap-2">
        <input type="checkbox" name="published" defaultChecked={card?.published ?? true} className="h-4 w-4" /> Show these rates on the
        public pages
      </label>
      <div className="flex flex-wrap gap-3">
        <Button type="submit">Save rates</Button>
        {card && (
          <Button type="submit" name="intent" value="remove" variant="outline">
            Remove the rate card
          </Button>
        )}
      </div>
    </form>
  );
}
