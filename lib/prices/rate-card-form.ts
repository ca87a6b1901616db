import { z } from "zod";
import { MACHINE_CLASSES } from "./classes";
import { RATE_CARD_PROBLEMS as P, rateCardProblemCode, type RateCardProblem } from "./messages";
import type { ClassRates, Fee, RateCardInput } from "./rate-card";

/** A card holds at most this many other fees; a form shows at least FORM_FEE_ROWS rows for them. */
const MAX_FEES = 5;
export const FORM_FEE_ROWS = 3;
const RATE_FIELDS = ["day", "week", "four_week"] as const;
const HOUR_FIELDS = [
  ["day_hours", 24],
  ["week_hours", 168],
  ["four_week_hours", 672],
] as const;

/** A form field as a number: blank is null, anything else must be a number. */
const amount = z
  .string()
  .trim()
  .max(12, P["rates-large"])
  .transform((text) => text.replace(/^\$/, "").replaceAll(",", ""))
  .refine((text) => text === "" || Number.isFinite(Number(text)), P["rates-number"])
  .transform((text) => (text === "" ? null : Number(text)));

type Fields = Record<string, string | undefined>;

/**
 * A rate card from a form's fields (`small_day`, `small_week_hours`, `delivery_fee`,
 * `waiver_percent`, `fee1_label`, `fee1_percent`, `published`, …), by the same rules as the
 * database: a class whose fields are all blank is not rented.
 */
export function parseRateCardForm(fields: Fields): { card: RateCardInput } | { problem: RateCardProblem } {
  const read = (name: string) => amount.safeParse(fields[name] ?? "");
  const fail = (text: string): { problem: RateCardProblem } => ({ problem: rateCardProblemCode(text) });
  const numbers: Record<string, number | null> = {};
  for (const name of Object.keys(fields)) {
    if (name === "published" || /_label$/.test(name)) continue;
    const parsed = read(name);
    if (!parsed.success) return fail(parsed.error.issues[0].message);
    numbers[name] = parsed.data;
  }
  const value = (name: string) => numbers[name] ?? null;

  const classes: ClassRates[] = [];
  for (const machineClass of MACHINE_CLASSES) {
    const names = [...RATE_FIELDS, ...HOUR_FIELDS.map(([name]) => name)].map((field) => `${machineClass}_${field}`);
    if (names.every((name) => value(name) === null)) continue;
    const [day, week, fourWeek] = RATE_FIELDS.map((field) => value(`${machineClass}_${field}`));
    if (day === null) return fail(P["rates-day"]);
    if ([day, week, fourWeek].some((rate) => rate !== null && rate < 0)) return fail(P["rates-negative"]);
    if ([day, week, fourWeek].some((rate) => rate !== null && rate < 1)) return fail(P["rates-minimum"]);
    if (day > 10_000 || (week ?? 0) > 70_000 || (fourWeek ?? 0) > 280_000) return fail(P["rates-large"]);
    if (week !== null && week > 7 * day) return fail(P["rates-week"]);
    if (fourWeek !== null && fourWeek > 4 * (week ?? 7 * day)) return fail(P["rates-four-week"]);
    const hours = HOUR_FIELDS.map(([field, max]) => {
      const count = value(`${machineClass}_${field}`);
      return count === null || (Number.isInteger(count) && count >= 1 && count <= max) ? count : NaN;
    });
    if (hours.some(Number.isNaN)) return fail(P["rates-hours"]);
    classes.push({
      class: machineClass,
      day,
      week,
      four_week: fourWeek,
      day_hours: hours[0],
      week_hours: hours[1],
      four_week_hours: hours[2],
    });
  }
  if (classes.length === 0) return fail(P["rates-none"]);

  const delivery = ["delivery_fee", "delivery_miles", "delivery_per_mile"].map(value);
  let deliveryTerms: RateCardInput["delivery"] = null;
  if (delivery.some((part) => part !== null)) {
    const [fee, miles, perMile] = delivery;
    if (fee === null || miles === null || perMile === null) return fail(P["rates-delivery"]);
    if (fee < 0 || perMile < 0) return fail(P["rates-delivery-negative"]);
    if (fee > 10_000 || perMile > 100) return fail(P["rates-delivery-large"]);
    if (!Number.isInteger(miles) || miles < 0 || miles > 500) return fail(P["rates-radius"]);
    deliveryTerms = { fee, miles, per_mile: perMile };
  }
  const waiver = value("waiver_percent");
  if (waiver !== null && (waiver < 0 || waiver > 50)) return fail(P["rates-waiver"]);

  const fees: Fee[] = [];
  for (let n = 1; n <= MAX_FEES; n++) {
    const label = (fields[`fee${n}_label`] ?? "").trim();
    const [percent, fixed] = [value(`fee${n}_percent`), value(`fee${n}_amount`)];
    if (!label && percent === null && fixed === null) continue;
    if (label.length < 2 || label.length > 60 || (percent === null) === (fixed === null)) return fail(P["rates-fee"]);
    if ((percent ?? (fixed as number)) < 0) return fail(P["rates-fee-negative"]);
    if ((percent ?? 0) > 30 || (fixed ?? 0) > 5000) return fail(P["rates-fee-large"]);
    fees.push(percent !== null ? { label, percent } : { label, amount: fixed as number });
  }
  return {
    card: {
      classes,
      delivery: deliveryTerms,
      waiver_percent: waiver,
      fees,
      published: fields.published !== undefined && fields.published !== "",
    },
  };
}

const RATE_CARD_FIELD = /^(small|medium|large|track|delivery|waiver|fee\d|published)/;

/**
 * What a submitted rate card form asks for, from the form's fields: this card, or no card
 * ("Remove"); input that cannot be a card fails with its problem's code.
 */
const rateCardFormSchema = z.record(z.string(), z.unknown()).transform((fields, context) => {
  if (fields.intent === "remove") return null;
  const card = parseRateCardForm(
    Object.fromEntries(
      Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === "string" && RATE_CARD_FIELD.test(entry[0])),
    ),
  );
  if ("card" in card) return card.card;
  context.addIssue({ code: "custom", message: card.problem });
  return z.NEVER;
});

/** A form's schema whose fields also hold a rate card: `card` is the card those fields make. */
export const withRateCard = <Shape extends z.ZodRawShape>(shape: Shape) =>
  z.preprocess(
    (fields) => (typeof fields === "object" && fields !== null ? { ...fields, card: fields } : fields),
    z.object({ ...shape, card: rateCardFormSchema }),
  );

/** The rate columns of the vendor CSV (see docs/prices.md): per class, then shared terms. */
export const RATE_COLUMNS = [
  ...MACHINE_CLASSES.flatMap((machineClass) => [`${machineClass}_day`, `${machineClass}_week`, `${machineClass}_4week`]),
  "hours_day",
  "hours_week",
  "hours_4week",
  "delivery_fee",
  "delivery_miles",
  "delivery_per_mile",
  "waiver_percent",
  "fees",
] as const;

/**
 * A CSV row's rate card: null when its rate columns are all blank (the card is left as it
 * is). Meter hours apply to every class the row prices; fees read "Environmental fee 3%;
 * Cleaning fee $35".
 */
export function rateCardFromCsv(row: Partial<Record<string, string>>): ReturnType<typeof parseRateCardForm> | null {
  if (RATE_COLUMNS.every((column) => !(row[column] ?? "").trim())) return null;
  const fields: Fields = { published: "on" };
  for (const machineClass of MACHINE_CLASSES) {
    fields[`${machineClass}_day`] = row[`${machineClass}_day`];
    fields[`${machineClass}_week`] = row[`${machineClass}_week`];
    fields[`${machineClass}_four_week`] = row[`${machineClass}_4week`];
    if ([fields[`${machineClass}_day`], fields[`${machineClass}_week`], fields[`${machineClass}_four_week`]].some((cell) => cell?.trim())) {
      fields[`${machineClass}_day_hours`] = row.hours_day;
      fields[`${machineClass}_week_hours`] = row.hours_week;
      fields[`${machineClass}_four_week_hours`] = row.hours_4week;
    }
  }
  for (const name of ["delivery_fee", "delivery_miles", "delivery_per_mile", "waiver_percent"]) fields[name] = row[name];
  const fees = (row.fees ?? "")
    .split(";")
    .map((fee) => fee.trim())
    .filter(Boolean);
  if (fees.length > MAX_FEES) return { problem: "rates-fee-count" };
  for (const [index, fee] of fees.entries()) {
    const match = /^(.*?)\s+(?:(-?[\d.]+)\s*%|\$?(-?[\d.,]+))$/.exec(fee);
    if (!match) return { problem: "rates-fee" };
    fields[`fee${index + 1}_label`] = match[1];
    fields[`fee${index + 1}_${match[2] !== undefined ? "percent" : "amount"}`] = match[2] ?? match[3];
  }
  return parseRateCardForm(fields);
}
