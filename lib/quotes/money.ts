/**
 * A quote's money, computed exactly as the database computes it (private.quote_totals): amounts
 * are integer cents, quantities integer hundredths and sales tax integer thousandths of a
 * percent, parsed from their decimal text without floating point, and every rounding is to the
 * cent, half away from zero (PostgreSQL's round of a numeric), in integer arithmetic.
 *
 * A JavaScript number is only a carrier: units / 10^decimals is the double nearest to the
 * decimal, whose shortest text (JSON) is that decimal again, so the database reads the value the
 * site computed with.
 */

/** Decimal text read as an integer count of 10^-decimals, or why it cannot be. */
export type ParsedDecimal = { ok: true; units: bigint } | { ok: false; problem: "not-a-number" | "too-many-decimals" };

/** Optional sign, digits with an optional fraction, an optional exponent (as a number input may send it). */
const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d{1,3}))?$/;
/** Longer texts are not amounts anyone typed; refusing them keeps the integer arithmetic small. */
const MAX_TEXT = 40;

/**
 * `text` as an integer number of 10^-decimals, exactly: "27.50" with 2 decimals is 2750n. A value
 * finer than that is refused ("27.505"); trailing zeros are not ("27.500" is 2750n).
 */
export function parseDecimal(text: string, decimals: number): ParsedDecimal {
  const match = text.length <= MAX_TEXT ? DECIMAL.exec(text) : null;
  if (!match) return { ok: false, problem: "not-a-number" };
  const [, sign, whole, fraction = "", exponent = "0"] = match;
  if (whole === "" && fraction === "") return { ok: false, problem: "not-a-number" };
  const digits = BigInt(`${whole}${fraction}` || "0");
  // The value is digits × 10^(exponent − fraction length); in units, times 10^decimals.
  const shift = Number(exponent) - fraction.length + decimals;
  let units: bigint;
  if (shift >= 0) units = digits * 10n ** BigInt(shift);
  else {
    const divisor = 10n ** BigInt(-shift);
    if (digits % divisor !== 0n) return { ok: false, problem: "too-many-decimals" };
    units = digits / divisor;
  }
  return { ok: true, units: sign === "-" ? -units : units };
}

/** Dollars as typed ("27.50") in cents (2750n), at most 2 decimals. */
export const dollarsToCents = (text: string) => parseDecimal(text, 2);

/** A line's quantity as typed ("1.15") in hundredths (115n), at most 2 decimals (the database refuses more). */
export const quantityToHundredths = (text: string) => parseDecimal(text, 2);

/** A sales tax percent as typed ("8.875") in thousandths of a percent (8875n), at most 3 decimals (numeric(5,3)). */
export const taxPercentToThousandths = (text: string) => parseDecimal(text, 3);

/** The number a count of 10^-decimals stands for, as the payload carries it (115 hundredths: 1.15). */
export const unitsToNumber = (units: number | bigint, decimals: number) => Number(units) / 10 ** decimals;

/** numerator / denominator rounded to an integer, half away from zero (PostgreSQL's round). */
export function roundHalfAwayFromZero(numerator: bigint, denominator: bigint): bigint {
  if (denominator <= 0n) throw new RangeError("The denominator must be positive");
  const quotient = numerator / denominator;
  const remainder = numerator % denominator;
  const twice = (remainder < 0n ? -remainder : remainder) * 2n;
  if (twice < denominator) return quotient;
  return numerator < 0n ? quotient - 1n : quotient + 1n;
}

const exact = (value: number | bigint, what: string): bigint => {
  if (typeof value === "bigint") return value;
  if (!Number.isSafeInteger(value)) throw new RangeError(`${what} must be an integer, not ${value}`);
  return BigInt(value);
};

const safeNumber = (value: bigint): number => {
  const number = Number(value);
  if (!Number.isSafeInteger(number)) throw new RangeError(`${value} cents is beyond what a number holds exactly`);
  return number;
};

/** A line in exact units: its quantity in hundredths and its unit price in cents. */
export interface ExactLine {
  quantity_hundredths: number | bigint;
  unit_cents: number | bigint;
}

/** A line's amount in cents: its quantity times its unit price, rounded half away from zero to the cent. */
const lineAmountCents = (line: ExactLine): number =>
  safeNumber(roundHalfAwayFromZero(exact(line.quantity_hundredths, "A quantity") * exact(line.unit_cents, "A unit price"), 100n));

/** A quote's totals, in the shape private.quote_totals returns them. */
export interface QuoteTotals {
  /** Each line's amount in cents, in the lines' order. */
  amounts: number[];
  subtotal_cents: number;
  tax_cents: number;
  total_cents: number;
}

/**
 * A quote's totals: each line's amount, their sum, the sales tax on the sum (the percent given in
 * thousandths, rounded half away from zero to the cent; none when null) and the total.
 */
export function quoteTotals(lines: readonly ExactLine[], taxThousandths: number | bigint | null): QuoteTotals {
  const amounts = lines.map(lineAmountCents);
  const subtotal = amounts.reduce((sum, amount) => sum + BigInt(amount), 0n);
  const tax = roundHalfAwayFromZero(subtotal * exact(taxThousandths ?? 0, "A tax in thousandths"), 100_000n);
  return { amounts, subtotal_cents: safeNumber(subtotal), tax_cents: safeNumber(tax), total_cents: safeNumber(subtotal + tax) };
}

/** A count of 10^-decimals read back from the number a payload carries (its shortest decimal text). */
function unitsOf(value: number, decimals: number, what: string): bigint {
  const parsed = Number.isFinite(value) ? parseDecimal(String(value), decimals) : null;
  if (!parsed?.ok) throw new RangeError(`${what} ${value} has more than ${decimals} decimals`);
  return parsed.units;
}

/**
 * The totals of a quote as its payload carries it (quantities and the tax percent as numbers,
 * unit prices in cents), read exactly as the database reads that JSON. Throws a RangeError for
 * a quantity with more than 2 decimals or a tax with more than 3, which the database refuses.
 */
export function payloadTotals(lines: ReadonlyArray<{ quantity: number; unit_cents: number }>, taxPercent: number | null): QuoteTotals {
  return quoteTotals(
    lines.map((line) => ({ quantity_hundredths: unitsOf(line.quantity, 2, "A quantity"), unit_cents: line.unit_cents })),
    taxPercent === null ? null : unitsOf(taxPercent, 3, "A tax percent"),
  );
}
