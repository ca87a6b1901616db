import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { inputClass } from "@/components/ui/form-field";
import { CLASS_NAMES, MACHINE_CLASSES } from "@/lib/prices/classes";
import { QUOTE_FORM_LINES, validDaysUntil, type QuoteFormValues } from "@/lib/quotes/form";
import { FUEL_POLICIES, LINE_KIND_NAMES, LINE_KINDS, type Quote } from "@/lib/quotes/quote";

/** The form's starting lines: the open quote's (a revision starts from it), or those prefilled from the rate card. */
function startingLines(quote: Quote | null, prefill: QuoteFormValues) {
  if (!quote) return prefill.lines;
  return quote.lines.map((line) => ({ kind: line.kind, label: line.label, quantity: line.quantity, unit: line.unit_cents / 100 }));
}

/**
 * A vendor's itemized quote for one request: the machine, availability, up to 8 lines (kind,
 * label, quantity, unit price), meter hours, fuel, sales tax, validity and a message. The total
 * is never typed: the site computes it from the lines when the quote is sent. `hidden` holds the
 * fields that say which request it answers.
 */
export function QuoteForm({
  action,
  hidden,
  prefill,
  quote,
  idPrefix,
  rentalStart,
}: {
  action: (form: FormData) => Promise<never>;
  hidden: ReactNode;
  prefill: QuoteFormValues;
  quote: Quote | null;
  idPrefix: string;
  /** The rental's start date: a quote is valid until it at the latest. */
  rentalStart: string;
}) {
  const lines = startingLines(quote, prefill);
  const id = (name: string) => `${idPrefix}-${name}`;
  const daysToStart = validDaysUntil(rentalStart);
  return (
    <form action={action} className="mt-3 space-y-3 text-sm" data-testid="quote-form">
      {hidden}
      <div className="grid gap-3 sm:grid-cols-2">
        <label className="font-semibold" htmlFor={id("class")}>
          Machine
          <select
            id={id("class")}
            name="machine_class"
            defaultValue={quote?.machine_class ?? prefill.machine_class}
            className={`${inputClass} mt-1 block w-full font-normal`}
          >
            {MACHINE_CLASSES.map((machine) => (
              <option key={machine} value={machine}>
                {CLASS_NAMES[machine].name}
              </option>
            ))}
          </select>
        </label>
        <label className="font-semibold" htmlFor={id("model")}>
          Model (optional)
          <input
            id={id("model")}
            name="model"
            maxLength={80}
            defaultValue={quote?.model ?? ""}
            className={`${inputClass} mt-1 block w-full font-normal`}
          />
        </label>
      </div>
      <fieldset>
        <legend className="font-semibold">Available for the requested dates?</legend>
        <label className="mr-4">
          <input type="radio" name="available" value="yes" defaultChecked={quote?.available ?? true} /> Yes
        </label>
        <label>
          <input type="radio" name="available" value="no" defaultChecked={quote ? !quote.available : false} /> No, I offer other dates:
        </label>
        <div className="mt-1 flex flex-wrap gap-2">
          <label className="sr-only" htmlFor={id("alt-start")}>
            Available from
          </label>
          <input
            id={id("alt-start")}
            type="date"
            name="alternate_start"
            defaultValue={quote?.alternate_start ?? ""}
            className={inputClass}
          />
          <label className="sr-only" htmlFor={id("alt-end")}>
            Available until
          </label>
          <input id={id("alt-end")} type="date" name="alternate_end" defaultValue={quote?.alternate_end ?? ""} className={inputClass} />
        </div>
      </fieldset>
      <fieldset>
        <legend className="font-semibold">Lines (a line without a label is left out)</legend>
        <div className="mt-1 space-y-2">
          {Array.from({ length: QUOTE_FORM_LINES }, (_, i) => {
            const line = lines[i];
            return (
              <div key={i} className="grid grid-cols-2 gap-2 sm:grid-cols-[8rem_1fr_5rem_7rem]" data-testid="quote-line">
                <select
                  aria-label={`Line ${i + 1}: kind`}
                  name={`line_kind_${i}`}
                  defaultValue={line?.kind ?? "fee"}
                  className={inputClass}
                >
                  {LINE_KINDS.map((kind) => (
                    <option key={kind} value={kind}>
                      {LINE_KIND_NAMES[kind]}
                    </option>
                  ))}
                </select>
                <input
                  aria-label={`Line ${i + 1}: label`}
                  name={`line_label_${i}`}
                  maxLength={80}
                  defaultValue={line?.label ?? ""}
                  className={inputClass}
                />
                <input
                  aria-label={`Line ${i + 1}: quantity`}
                  name={`line_quantity_${i}`}
                  type="number"
                  min="0.01"
                  max="1000"
                  step="0.01"
                  defaultValue={line?.quantity ?? ""}
                  className={inputClass}
                />
                <input
                  aria-label={`Line ${i + 1}: unit price in dollars`}
                  name={`line_unit_${i}`}
                  type="number"
                  min="0"
                  step="0.01"
                  defaultValue={line?.unit ?? ""}
                  className={inputClass}
                />
              </div>
            );
          })}
        </div>
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-2">
        <label className="font-semibold" htmlFor={id("hours")}>
          Meter hours included
          <input
            id={id("hours")}
            name="included_hours"
            type="number"
            min="0"
            defaultValue={quote?.included_hours ?? prefill.included_hours ?? ""}
            className={`${inputClass} mt-1 block w-full font-normal`}
          />
        </label>
        <label className="font-semibold" htmlFor={id("over-hour")}>
          Each hour over ($)
          <input
            id={id("over-hour")}
            name="over_hour"
            type="number"
            min="0"
            step="0.01"
            defaultValue={quote?.over_hour_cents != null ? quote.over_hour_cents / 100 : ""}
            className={`${inputClass} mt-1 block w-full font-normal`}
          />
        </label>
        <label className="font-semibold" htmlFor={id("fuel")}>
          Fuel
          <select
            id={id("fuel")}
            name="fuel_policy"
            defaultValue={quote?.fuel_policy ?? ""}
            className={`${inputClass} mt-1 block w-full font-normal`}
          >
            <option value="">Not stated</option>
            {Object.entries(FUEL_POLICIES).map(([value, text]) => (
              <option key={value} value={value}>
                {text}
              </option>
            ))}
          </select>
        </label>
        <label className="font-semibold" htmlFor={id("tax")}>
          Sales tax (%)
          <input
            id={id("tax")}
            name="tax_percent"
            type="number"
            min="0"
            max="20"
            step="0.001"
            defaultValue={quote?.tax_percent ?? ""}
            className={`${inputClass} mt-1 block w-full font-normal`}
          />
        </label>
        <label className="font-semibold" htmlFor={id("valid")}>
          Valid for (days)
          <input
            id={id("valid")}
            name="valid_days"
            type="number"
            min="1"
            max={daysToStart}
            defaultValue={Math.min(3, daysToStart)}
            className={`${inputClass} mt-1 block w-full font-normal`}
          />
        </label>
      </div>
      <label className="block font-semibold" htmlFor={id("message")}>
        Message to the renter (optional)
        <textarea
          id={id("message")}
          name="message"
          maxLength={1000}
          rows={3}
          defaultValue={quote?.message ?? ""}
          className={`${inputClass} mt-1 block w-full font-normal`}
        />
      </label>
      <p className="text-ink-600">
        The total is the sum of the lines and the sales tax: the renter sees it itemized, beside the other quotes.
      </p>
      <Button type="submit">{quote ? "Send the revised quote" : "Send the quote"}</Button>
    </form>
  );
}
