import { z } from "zod";
import { classesForType, MACHINE_CLASSES, type MachineClass } from "../prices/classes";
import { cheapestEstimate } from "../prices/estimate";
import type { RateCard } from "../prices/rate-card";
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

const cents = (dollars: number) => Math.round(dollars * 100);

/** How many days a quote can be valid for, from now until the rental's start date (at least 1, at most 14). */
export const validDaysUntil = (rentalStart: string) =>
  Math.min(14, Math.max(1, Math.floor((Date.parse(rentalStart) - Date.now()) / 86_400_000)));

/**
 * The quote's total in cents as the database computes it (quote_save): each line's quantity
 * times its unit price, rounded to the cent, and the sales tax on their sum.
 */
export function quoteTotalCents(lines: Array<{ quantity: number; unit_cents: number }>, taxPercent: number | null): number {
  const subtotal = lines.reduce((sum, line) => sum + Math.round(line.quantity * line.unit_cents), 0);
  return subtotal + Math.round((subtotal * (taxPercent ?? 0)) / 100);
}

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

const number = (max: number) =>
  z
    .string()
    .optional()
    .transform((value) => (value?.trim() ? Number(value) : null))
    .pipe(z.number({ error: "quote-invalid" }).min(0, { error: "negative-amount" }).max(max, { error: "quote-invalid" }).nullable());

/**
 * The quote form's fields as the payload quote_save takes: the rows with a label become its
 * lines (dollars to cents), and the total is computed here as the database computes it.
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
      const validDays = Number(get("valid_days") ?? 3);
      return {
        machine_class: get("machine_class"),
        model: get("model")?.trim() || null,
        available: get("available") !== "no",
        alternate_start: get("available") === "no" ? get("alternate_start") || null : null,
        alternate_end: get("available") === "no" ? get("alternate_end") || null : null,
        lines,
        included_hours: get("included_hours"),
        over_hour: get("over_hour"),
        fuel_policy: get("fuel_policy") || null,
        tax_percent: get("tax_percent"),
        valid_until: Number.isInteger(validDays) ? new Date(Date.now() + validDays * 86_400_000).toISOString() : "invalid",
        message: get("message")?.trim() || null,
      };
    },
    z.object({
      machine_class: z.enum(MACHINE_CLASSES, { error: "quote-invalid" }),
      model: z.string().max(80, { error: "too-long" }).nullable(),
      available: z.boolean(),
      alternate_start: z.string().nullable(),
      alternate_end: z.string().nullable(),
      lines: z
        .array(
          z.object({
            kind: z.enum(LINE_KINDS, { error: "quote-lines" }),
            label: z.string().max(80, { error: "too-long" }),
            quantity: number(1000).pipe(z.number({ error: "quote-lines" })),
            unit: number(100_000).pipe(z.number({ error: "quote-lines" })),
          }),
        )
        .min(1, { error: "quote-lines" }),
      included_hours: number(10_000),
      over_hour: number(1_000),
      fuel_policy: z.enum(Object.keys(FUEL_POLICIES) as [keyof typeof FUEL_POLICIES], { error: "quote-invalid" }).nullable(),
      tax_percent: number(20),
      valid_until: z.iso.datetime({ error: "quote-window" }),
      message: z.string().max(1000, { error: "too-long" }).nullable(),
    }),
  )
  .transform(({ lines, over_hour, ...quote }) => {
    const quoteLines = lines.map((line) => ({ kind: line.kind, label: line.label, quantity: line.quantity, unit_cents: cents(line.unit) }));
    return {
      ...quote,
      lines: quoteLines,
      over_hour_cents: over_hour === null ? null : cents(over_hour),
      total_cents: quoteTotalCents(quoteLines, quote.tax_percent),
    };
  });
export type QuotePayload = z.output<typeof quoteFormSchema>;
