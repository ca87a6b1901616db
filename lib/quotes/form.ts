import { z } from "zod";
import { classesForType, MACHINE_CLASSES, type MachineClass } from "../prices/classes";
import { cheapestEstimate } from "../prices/estimate";
import type { RateCard } from "../prices/rate-card";
import type { RefusalCode } from "../data/refusals";
import { parseDecimal, payloadTotals, quoteTotals, unitsToNumber } from "./money";
import { holdsControlCharacter } from "../platform/control-characters";
import { FUEL_POLICIES, LINE_KINDS } from "./quote";

/** How many line rows the quote form offers; rows left without a label are not part of the quote. */
export const QUOTE_FORM_LINES = 8;

/** A line as the form holds it: its unit price in dollars. */
interface QuoteFormLine {
  kind: (typeof LINE_KINDS)[number];
  label: string;
  quantity: number;
  unit: number;
}

/** What the quote form starts from. */
export interface QuoteFormValues {
  machine_class: MachineClass;
  lines: QuoteFormLine[];
  included_hours: number | null;
}

/** How many days a quote can be valid for, from now until the rental's start date (at least 1, at most 14). */
export const validDaysUntil = (rentalStart: string) =>
  Math.min(14, Math.max(1, Math.floor((Date.parse(rentalStart) - Date.now()) / 86_400_000)));

/**
 * The quote's total in cents as the database computes it (private.quote_totals), exactly
 * (lib/quotes/money.ts): each line's quantity times its unit price, rounded to the cent, and
 * the sales tax on their sum.
 */
export const quoteTotalCents = (lines: ReadonlyArray<{ quantity: number; unit_cents: number }>, taxPercent: number | null): number =>
  payloadTotals(lines, taxPercent).total_cents;

/**
 * A quote prefilled from the listing's rate card, as the price page estimates it (the same
 * module): the cheapest class that meets the request, its periods, delivery and pickup at the
 * card's flat fee each way, the damage waiver and the fees. Every line stays editable.
 */
export function prefillQuote(card: RateCard | null, type: "wheeled" | "tracked", days: number): QuoteFormValues {
  const classes = classesForType(type);
  const estimate = card ? cheapestEstimate(card, classes, days, null) : null;
  if (!estimate || !card)
    return { machine_class: classes[0], lines: [{ kind: "rental", label: "Day", quantity: days, unit: 0 }], included_hours: null };
  return {
    machine_class: estimate.class,
    lines: [
      ...estimate.periods.map((period): QuoteFormLine => ({
        kind: "rental",
        label: period.unit[0].toUpperCase() + period.unit.slice(1),
        quantity: period.count,
        unit: period.rate,
      })),
      ...(card.delivery
        ? [{ kind: "delivery", label: "Delivery and pickup (each way)", quantity: 2, unit: card.delivery.fee } as QuoteFormLine]
        : []),
      ...(estimate.waiver
        ? [
            {
              kind: "waiver",
              label: `Damage waiver (${estimate.waiver.percent}%)`,
              quantity: 1,
              unit: estimate.waiver.amount,
            } as QuoteFormLine,
          ]
        : []),
      ...estimate.fees.map((fee): QuoteFormLine => ({ kind: "fee", label: fee.label, quantity: 1, unit: fee.amount })),
    ].slice(0, QUOTE_FORM_LINES),
    included_hours: estimate.hours,
  };
}

/**
 * A typed amount read exactly (lib/quotes/money.ts) as an integer count of 10^-decimals, or null
 * when left empty. Refused with a code: text that is not a number or above `max`
 * ("quote-invalid"), below 0 ("negative-amount"), finer than `decimals` (`tooFine`).
 */
const decimal = (decimals: number, max: number, tooFine: RefusalCode = "quote-invalid") =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      const text = value?.trim();
      if (!text) return null;
      const parsed = parseDecimal(text, decimals);
      const refuse = (code: RefusalCode) => {
        ctx.addIssue({ code: "custom", message: code });
        return z.NEVER;
      };
      if (!parsed.ok) return refuse(parsed.problem === "too-many-decimals" ? tooFine : "quote-invalid");
      if (parsed.units < 0n) return refuse("negative-amount");
      if (parsed.units > BigInt(max) * 10n ** BigInt(decimals)) return refuse("quote-invalid");
      return Number(parsed.units);
    });

/** Text without control characters (a NUL cannot even be stored); the message keeps its line breaks and tabs. */
const plainText = (max: number, allowed = "") =>
  z
    .string()
    .max(max, { error: "too-long" })
    .refine((text) => !holdsControlCharacter(text, allowed), { error: "quote-invalid" });

/** Today's date in UTC, as the database's current_date, moved by `years`. */
const yearsFromToday = (years: number) => {
  const today = new Date();
  return new Date(Date.UTC(today.getUTCFullYear() + years, today.getUTCMonth(), today.getUTCDate())).toISOString().slice(0, 10);
};

/** Whether a text is a date of the calendar written YYYY-MM-DD (not 2027-02-30). */
const isCalendarDate = (text: string) => {
  const time = /^\d{4}-\d{2}-\d{2}$/.test(text) ? Date.parse(`${text}T00:00:00Z`) : NaN;
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === text;
};

/** An offered date: a calendar date at most a year from today, or none. */
const offeredDate = z
  .string()
  .nullable()
  .refine((date) => date === null || (isCalendarDate(date) && date <= yearsFromToday(1)), { error: "quote-dates" });

/**
 * The quote form's fields as the payload quote_save takes: the rows with a label become its
 * lines (dollars to cents, read exactly), and the total is computed here as the database
 * computes it (lib/quotes/money.ts). A quantity or a price with more than 2 decimals is refused
 * ("quote-lines"), a tax with more than 3 ("quote-tax"), text with a control character
 * ("quote-invalid") and other dates offered more than a year ahead ("quote-dates").
 */
export const quoteFormSchema = z
  .preprocess(
    (raw) => {
      const fields = (typeof raw === "object" && raw !== null ? raw : {}) as Record<string, unknown>;
      const get = (name: string) => (typeof fields[name] === "string" ? (fields[name] as string) : undefined);
      const lines = Array.from({ length: QUOTE_FORM_LINES }, (_, i) => ({
        kind: get(`line_kind_${i}`),
        label: get(`line_label_${i}`)?.trim() ?? "",
        quantity: get(`line_quantity_${i}`),
        unit: get(`line_unit_${i}`),
      })).filter((line) => line.label !== "");
      // The form has QUOTE_FORM_LINES rows: a line posted beyond them is refused, not dropped.
      const beyond = Object.keys(fields).some(
        (name) => /^line_label_\d+$/.test(name) && Number(name.slice(11)) >= QUOTE_FORM_LINES && get(name)?.trim(),
      );
      const validDays = Number(get("valid_days") ?? 3);
      return {
        machine_class: get("machine_class"),
        model: get("model")?.trim() || null,
        available: get("available") !== "no",
        alternate_start: get("available") === "no" ? get("alternate_start") || null : null,
        alternate_end: get("available") === "no" ? get("alternate_end") || null : null,
        lines: beyond ? null : lines,
        included_hours: get("included_hours"),
        over_hour: get("over_hour"),
        fuel_policy: get("fuel_policy") || null,
        tax_percent: get("tax_percent"),
        valid_until:
          Number.isInteger(validDays) && validDays >= 1 && validDays <= 14
            ? new Date(Date.now() + validDays * 86_400_000).toISOString()
            : "invalid",
        message: get("message")?.trim() || null,
      };
    },
    z.object({
      machine_class: z.enum(MACHINE_CLASSES, { error: "quote-invalid" }),
      model: plainText(80).nullable(),
      available: z.boolean(),
      alternate_start: offeredDate,
      alternate_end: offeredDate,
      lines: z
        .array(
          z.object({
            kind: z.enum(LINE_KINDS, { error: "quote-lines" }),
            label: plainText(80),
            /** Hundredths. */
            quantity: decimal(2, 1000, "quote-lines").pipe(z.number({ error: "quote-lines" })),
            /** Cents. */
            unit: decimal(2, 100_000, "quote-lines").pipe(z.number({ error: "quote-lines" })),
          }),
          { error: "quote-lines" },
        )
        .min(1, { error: "quote-lines" }),
      included_hours: decimal(0, 10_000),
      /** Cents. */
      over_hour: decimal(2, 1_000),
      fuel_policy: z.enum(Object.keys(FUEL_POLICIES) as [keyof typeof FUEL_POLICIES], { error: "quote-invalid" }).nullable(),
      /** Thousandths of a percent. */
      tax_percent: decimal(3, 20, "quote-tax"),
      valid_until: z.iso.datetime({ error: "quote-window" }),
      message: plainText(1000, "\n\r\t").nullable(),
    }),
  )
  .transform(({ lines, over_hour, tax_percent, ...quote }) => {
    const totals = quoteTotals(
      lines.map((line) => ({ quantity_hundredths: line.quantity, unit_cents: line.unit })),
      tax_percent,
    );
    return {
      ...quote,
      lines: lines.map((line) => ({
        kind: line.kind,
        label: line.label,
        quantity: unitsToNumber(line.quantity, 2),
        unit_cents: line.unit,
      })),
      over_hour_cents: over_hour,
      tax_percent: tax_percent === null ? null : unitsToNumber(tax_percent, 3),
      total_cents: totals.total_cents,
    };
  });
export type QuotePayload = z.output<typeof quoteFormSchema>;
