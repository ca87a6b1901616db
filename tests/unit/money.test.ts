import type { PGlite } from "@electric-sql/pglite";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { QUOTE_FORM_LINES, quoteFormSchema, quoteTotalCents, type QuotePayload } from "@/lib/quotes/form";
import {
  dollarsToCents,
  parseDecimal,
  quantityToHundredths,
  quoteTotals,
  roundHalfAwayFromZero,
  taxPercentToThousandths,
  unitsToNumber,
  type QuoteTotals,
} from "@/lib/quotes/money";
import { routedConsent } from "./helpers/consent";
import { asService, freshDb, isoDay, ownerToken } from "./helpers/db";

let db: PGlite;
beforeAll(async () => {
  db = await freshDb(true);
});

type PayloadQuote = Pick<QuotePayload, "lines" | "tax_percent">;

/** private.quote_totals of each quote, as the database reads the payload's JSON, in one query for all of them. */
async function sqlTotals(quotes: PayloadQuote[]): Promise<QuoteTotals[]> {
  const { rows } = await db.query<{ totals: QuoteTotals }>(
    `select private.quote_totals(x.q->'lines', (x.q->>'tax_percent')::numeric) as totals
     from jsonb_array_elements($1::jsonb) with ordinality as x(q, n) order by x.n`,
    [JSON.stringify(quotes)],
  );
  return rows.map((row) => row.totals);
}

/** `units` of 10^-decimals as a person may type them: "27.50" or "27.5", "3.00" or "3". */
const typed = (units: number, decimals: number, padded: boolean) => {
  const scale = 10 ** decimals;
  const text = `${Math.floor(units / scale)}.${String(units % scale).padStart(decimals, "0")}`;
  return padded ? text : text.replace(/\.?0+$/, "");
};

const unitsOf = (parsed: ReturnType<typeof parseDecimal>) => {
  if (!parsed.ok) throw new Error(`not parsed: ${parsed.problem}`);
  return parsed.units;
};

const odd = (max: number) => fc.integer({ min: 0, max: Math.floor((max - 1) / 2) }).map((k) => 2 * k + 1);

/**
 * A line as typed: 0.01 to 1000 of a unit at 0 to 100,000 dollars each. Half of them cost a
 * whole cent and a half (odd hundredths at an odd number of half-dollars, or 1.15 × $27.50:
 * 5·23 hundredths at 10·275 cents), where floating point rounds the wrong way now and then.
 */
const typedLine = fc
  .oneof(
    {
      arbitrary: fc.record({ hundredths: fc.integer({ min: 1, max: 100_000 }), cents: fc.integer({ min: 0, max: 10_000_000 }) }),
      weight: 2,
    },
    { arbitrary: fc.record({ hundredths: odd(100_000), cents: odd(200_000).map((k) => 50 * k) }), weight: 1 },
    { arbitrary: fc.record({ hundredths: odd(20_000).map((k) => 5 * k), cents: odd(1_000_000).map((k) => 10 * k) }), weight: 1 },
  )
  .chain((line) => fc.boolean().map((padded) => ({ ...line, padded })));

/** A quote as typed: up to `maxLines` lines, 0 to 20 % tax with up to 3 decimals, or none. */
const typedQuote = (maxLines: number) =>
  fc.record({
    lines: fc.array(typedLine, { minLength: 1, maxLength: maxLines }),
    thousandths: fc.option(fc.integer({ min: 0, max: 20_000 }), { nil: null }),
  });

/** The quote form's fields for 1.15 days at $27.50 and delivery both ways at $95.50, 8.25 % tax; `extra` overrides. */
const fields = (extra: Record<string, string> = {}) => ({
  machine_class: "track",
  available: "yes",
  line_kind_0: "rental",
  line_label_0: "Day",
  line_quantity_0: "1.15",
  line_unit_0: "27.50",
  line_kind_1: "delivery",
  line_label_1: "Delivery and pickup",
  line_quantity_1: "2",
  line_unit_1: "95.50",
  tax_percent: "8.25",
  valid_days: "3",
  ...extra,
});

const refusal = (extra: Record<string, string>) => quoteFormSchema.safeParse(fields(extra)).error?.issues[0].message;

describe("a quote's money, in the form as in the database", () => {
  it("a quote with fractional quantities (1.15 days at $27.50) totals as the database totals it", async () => {
    // In floating point 1.15 × 2750 is 3162.4999…, which rounded to 3162 cents; exactly it is 3162.5, rounded to 3163.
    const line = { quantity_hundredths: unitsOf(quantityToHundredths("1.15")), unit_cents: unitsOf(dollarsToCents("27.50")) };
    expect(line).toEqual({ quantity_hundredths: 115n, unit_cents: 2750n });
    const site = quoteTotals([line], null);
    expect(site).toEqual({ amounts: [3163], subtotal_cents: 3163, tax_cents: 0, total_cents: 3163 });
    expect(await sqlTotals([{ lines: [{ kind: "rental", label: "Day", quantity: 1.15, unit_cents: 2750 }], tax_percent: null }])).toEqual([
      site,
    ]);
    expect(quoteTotalCents([{ quantity: 1.15, unit_cents: 2750 }], null)).toBe(3163);
    // With 8.25 % tax: 3163 × 0.0825 = 260.9475, 261 cents.
    expect(quoteTotals([line], 8250).tax_cents).toBe(261);
  });

  it("rounds half away from zero, as PostgreSQL's round does", () => {
    expect([5n, 15n, 149n, 150n, -150n, -149n].map((n) => roundHalfAwayFromZero(n, 100n))).toEqual([0n, 0n, 1n, 2n, -2n, -1n]);
    expect(roundHalfAwayFromZero(250n, 100n)).toBe(3n);
  });

  it("for any quote (1 to 20 lines, quantities and prices to the cent, tax to 3 decimals), every amount, the subtotal, the tax and the total equal private.quote_totals'", async () => {
    let quotesChecked = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(typedQuote(20), { minLength: 10, maxLength: 40 }), async (quotes) => {
        const site = quotes.map((quote) => {
          const lines = quote.lines.map((line) => ({
            quantity_hundredths: unitsOf(quantityToHundredths(typed(line.hundredths, 2, line.padded))),
            unit_cents: unitsOf(dollarsToCents(typed(line.cents, 2, line.padded))),
          }));
          const tax = quote.thousandths === null ? null : unitsOf(taxPercentToThousandths(typed(quote.thousandths, 3, false)));
          return { lines, tax, totals: quoteTotals(lines, tax) };
        });
        // The payload as the server sends it: JSON numbers for the quantities and the tax.
        const payloads = site.map(({ lines, tax }) => ({
          lines: lines.map((line) => ({
            kind: "rental" as const,
            label: "Day",
            quantity: unitsToNumber(line.quantity_hundredths, 2),
            unit_cents: Number(line.unit_cents),
          })),
          tax_percent: tax === null ? null : unitsToNumber(tax, 3),
        }));
        expect(await sqlTotals(payloads)).toEqual(site.map((quote) => quote.totals));
        quotesChecked += quotes.length;
      }),
      { numRuns: 100 },
    );
    expect(quotesChecked).toBeGreaterThanOrEqual(1000);
  });

  it("the quote form turns fields with fractional quantities into a payload whose total is the database's", async () => {
    const payload = quoteFormSchema.parse(fields());
    expect(payload.lines.map((line) => [line.quantity, line.unit_cents])).toEqual([
      [1.15, 2750],
      [2, 9550],
    ]);
    // 3,163 + 19,100 = 22,263 cents, and 8.25 % of it is 1,836.6975: 1,837.
    expect(payload.total_cents).toBe(22263 + 1837);
    const [sql] = await sqlTotals([payload]);
    expect(sql).toEqual({ amounts: [3163, 19100], subtotal_cents: 22263, tax_cents: 1837, total_cents: 24100 });

    await fc.assert(
      fc.asyncProperty(fc.array(typedQuote(QUOTE_FORM_LINES), { minLength: 1, maxLength: 40 }), async (quotes) => {
        const payloads = quotes.map((quote) =>
          quoteFormSchema.parse({
            machine_class: "track",
            available: "yes",
            valid_days: "3",
            ...(quote.thousandths === null ? {} : { tax_percent: typed(quote.thousandths, 3, false) }),
            ...Object.fromEntries(
              quote.lines.flatMap((line, i) => [
                [`line_kind_${i}`, "rental"],
                [`line_label_${i}`, `Line ${i + 1}`],
                [`line_quantity_${i}`, typed(line.hundredths, 2, line.padded)],
                [`line_unit_${i}`, typed(line.cents, 2, line.padded)],
              ]),
            ),
          }),
        );
        const sql = await sqlTotals(payloads);
        expect(sql.map((totals) => totals.total_cents)).toEqual(payloads.map((p) => p.total_cents));
      }),
      { numRuns: 25 },
    );
  });

  it("sent from the form, a quote of 1.15 days at $27.50 is saved with the total the form computed", async () => {
    const token = ownerToken(70);
    const [draft] = await asService<{ id: number }>(db, "select public.create_lead($1, $2, null) as id", [token, "money-client"]);
    await asService(
      db,
      `select public.complete_lead($1, $2, 'tracked', $3::date, $4::date, 'Quinn Renter', '5551230000', '77002', true, false, 'quinn@example.com', ${routedConsent("'77002'", { widen: "true" })})`,
      [draft.id, token, isoDay(6), isoDay(8)],
    );
    const [{ vendor_id: vendor }] = (
      await db.query<{ vendor_id: number }>("select vendor_id from public.lead_recipients where lead_id = $1 order by rank limit 1", [
        draft.id,
      ])
    ).rows;
    await db.query(
      "insert into public.vendor_managers (vendor_id, email, role, added_by) values ($1, 'desk@money.example', 'owner', 'test')",
      [vendor],
    );
    const payload = quoteFormSchema.parse(fields());
    const [{ q }] = await asService<{ q: { total_cents: number; lines: Array<{ amount_cents: number }> } }>(
      db,
      "select public.business_save_quote('desk@money.example', $1, $2, $3) as q",
      [vendor, draft.id, JSON.stringify(payload)],
    );
    expect(q.total_cents).toBe(payload.total_cents);
    expect(q.lines.map((line) => line.amount_cents)).toEqual([3163, 19100]);
  });
});

describe("the quote form refuses", () => {
  it("a quantity or a price with more than 2 decimals ('quote-lines') and a tax with more than 3 ('quote-tax')", () => {
    expect(refusal({ line_quantity_0: "1.155" })).toBe("quote-lines");
    expect(refusal({ line_unit_0: "27.505" })).toBe("quote-lines");
    expect(refusal({ tax_percent: "8.2505" })).toBe("quote-tax");
    expect(refusal({ over_hour: "45.001" })).toBe("quote-invalid");
    // More digits that add nothing are the same amount.
    expect(quoteFormSchema.parse(fields({ line_unit_0: "27.500", tax_percent: "8.250" })).total_cents).toBe(24100);
    expect(parseDecimal("1.155", 2)).toEqual({ ok: false, problem: "too-many-decimals" });
    expect(parseDecimal("1.5e-3", 3)).toEqual({ ok: false, problem: "too-many-decimals" });
    expect(parseDecimal("1.5e1", 2)).toEqual({ ok: true, units: 1500n });
    expect(parseDecimal("12,50", 2)).toEqual({ ok: false, problem: "not-a-number" });
    expect(refusal({ line_unit_0: "12,50" })).toBe("quote-invalid");
    expect(refusal({ line_unit_0: "-27.50" })).toBe("negative-amount");
  });

  it("a message, a line's label or a model holding a control character ('quote-invalid'), but not a message's line breaks and tabs", () => {
    expect(refusal({ message: "Ready on the day\u0000" })).toBe("quote-invalid");
    expect(refusal({ message: "Ring \u0007 twice" })).toBe("quote-invalid");
    expect(refusal({ message: "Delete\u007f" })).toBe("quote-invalid");
    expect(refusal({ line_label_0: "Da\u0000y" })).toBe("quote-invalid");
    expect(refusal({ line_label_1: "\u0000" })).toBe("quote-invalid");
    expect(refusal({ line_label_0: "Day\tone" })).toBe("quote-invalid");
    expect(refusal({ model: "Bobcat\u001bT66" })).toBe("quote-invalid");
    const quote = quoteFormSchema.parse(fields({ message: "Ready on the day.\r\nWe call\tbefore delivery.", model: "Bobcat T66" }));
    expect(quote.message).toBe("Ready on the day.\r\nWe call\tbefore delivery.");
  });

  it("other dates offered more than a year from today, or not dates of the calendar ('quote-dates')", () => {
    const offer = (start: string, end: string) => ({ available: "no", alternate_start: start, alternate_end: end });
    expect(refusal(offer(isoDay(10), isoDay(368)))).toBe("quote-dates");
    expect(refusal(offer(isoDay(368), isoDay(370)))).toBe("quote-dates");
    expect(refusal(offer(isoDay(10), "2027-02-30"))).toBe("quote-dates");
    expect(refusal(offer(isoDay(10), "99999-01-01"))).toBe("quote-dates");
    const quote = quoteFormSchema.parse(fields(offer(isoDay(10), isoDay(300))));
    expect([quote.alternate_start, quote.alternate_end]).toEqual([isoDay(10), isoDay(300)]);
    // Dates are only read when the machine is not available for the requested ones.
    expect(quoteFormSchema.parse(fields({ alternate_start: isoDay(900) })).alternate_start).toBeNull();
  });
});
