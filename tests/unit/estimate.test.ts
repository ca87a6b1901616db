import { describe, expect, it } from "vitest";
import { cheapestEstimate, estimateRental } from "@/lib/prices/estimate";
import { parseRateCardForm, rateCardFromCsv } from "@/lib/prices/rate-card-form";
import type { ClassRates, RateCard } from "@/lib/prices/rate-card";

const medium: ClassRates = { class: "medium", day: 300, week: 1000, four_week: 2800, day_hours: 8, week_hours: 40, four_week_hours: 160 };
const card = (overrides: Partial<RateCard> = {}): RateCard => ({
  classes: [medium],
  delivery: { fee: 100, miles: 20, per_mile: 4 },
  waiver_percent: 12,
  fees: [
    { label: "Environmental fee", percent: 3 },
    { label: "Cleaning fee", amount: 35 },
  ],
  confirmed_on: "2026-11-01",
  sample: false,
  published: true,
  ...overrides,
});

describe("the estimate", () => {
  it("covers 10 days as a week and 3 days when that is cheaper than 2 weeks, with every part of the total", () => {
    const estimate = estimateRental(card(), "medium", 10, 32.4)!;
    // Week + 3 days = 1,000 + 3 × 300 = 1,900; 2 weeks = 2,000; 10 days = 3,000.
    expect(estimate.periods).toEqual([
      { unit: "week", count: 1, rate: 1000 },
      { unit: "day", count: 3, rate: 300 },
    ]);
    expect(estimate.rental).toBe(1900);
    expect(estimate.hours).toBe(40 + 3 * 8);
    // 32.4 miles is 12.4 beyond the 20-mile flat fee: 13 whole miles × $4 = 52, plus 100, each way: 2 × 152 = 304.
    expect(estimate.delivery).toEqual({ amount: 304, miles: 32.4, milesBeyond: 13 });
    // Waiver 12 % of 1,900 = 228; environmental fee 3 % of 1,900 = 57; cleaning 35.
    expect(estimate.waiver).toEqual({ percent: 12, amount: 228 });
    expect(estimate.fees).toEqual([
      { label: "Environmental fee", percent: 3, amount: 57 },
      { label: "Cleaning fee", amount: 35 },
    ]);
    expect(estimate.total).toBe(1900 + 304 + 228 + 57 + 35);
  });

  it("covers 10 days as 2 weeks when a week and 3 days cost more", () => {
    const pricier = card({ classes: [{ ...medium, day: 350 }], delivery: null, waiver_percent: null, fees: [] });
    const estimate = estimateRental(pricier, "medium", 10, 5)!;
    // Week + 3 days = 1,000 + 1,050 = 2,050 > 2 weeks = 2,000.
    expect(estimate.periods).toEqual([{ unit: "week", count: 2, rate: 1000 }]);
    expect(estimate.total).toBe(2000);
  });

  it("covers 29 days as 4 weeks and a day, and 25 days as one 4-week period", () => {
    const noExtras = card({ delivery: null, waiver_percent: null, fees: [] });
    const month = estimateRental(noExtras, "medium", 29, 0)!;
    // 4 weeks + 1 day = 2,800 + 300 = 3,100 (4 weeks + 1 week = 3,800; 2 × 4 weeks = 5,600).
    expect(month.periods).toEqual([
      { unit: "4 weeks", count: 1, rate: 2800 },
      { unit: "day", count: 1, rate: 300 },
    ]);
    expect(month.total).toBe(3100);
    expect(month.hours).toBe(168);
    // 3 weeks + 4 days = 4,200 > one 4-week period = 2,800.
    expect(estimateRental(noExtras, "medium", 25, 0)!.total).toBe(2800);
  });

  it("charges only the flat fee within the radius, and nothing for a vendor that does not deliver", () => {
    expect(estimateRental(card(), "medium", 1, 12)!.delivery).toEqual({ amount: 200, miles: 12, milesBeyond: 0 });
    const pickup = estimateRental(card({ delivery: null }), "medium", 1, 12)!;
    expect(pickup.delivery).toBe("none");
    // 300 + waiver 36 + fee 9 + 35.
    expect(pickup.total).toBe(380);
    expect(estimateRental(card(), "medium", 1, null)!.delivery).toBe("unknown");
  });

  it("leaves out the waiver of a vendor that offers none, and rounds percentages to the cent", () => {
    const noWaiver = estimateRental(card({ waiver_percent: null, fees: [] }), "medium", 10, 32.4)!;
    expect(noWaiver.waiver).toBeNull();
    expect(noWaiver.total).toBe(1900 + 304);
    const odd = card({ classes: [{ ...medium, day: 1045, week: null, four_week: null }], delivery: null, waiver_percent: 12.5, fees: [] });
    // 12.5 % of 1,045 = 130.625, rounded to 130.63.
    expect(estimateRental(odd, "medium", 1, 0)!.waiver).toEqual({ percent: 12.5, amount: 130.63 });
    expect(estimateRental(odd, "medium", 1, 0)!.total).toBe(1175.63);
    // Without week or 4-week rates, 8 days are 8 day rates.
    expect(estimateRental(odd, "medium", 8, 0)!.periods).toEqual([{ unit: "day", count: 8, rate: 1045 }]);
  });

  it("estimates nothing for a class the vendor does not rent, and picks the cheapest class that meets a request", () => {
    expect(estimateRental(card(), "track", 3, 10)).toBeNull();
    const two = card({
      classes: [{ ...medium, class: "small", day: 250, week: 900, four_week: 2400 }, medium],
      delivery: null,
      waiver_percent: null,
      fees: [],
    });
    expect(cheapestEstimate(two, ["small", "medium", "large"], 3, 0)).toMatchObject({ class: "small", total: 750 });
    expect(cheapestEstimate(two, ["track"], 3, 0)).toBeNull();
  });
});

describe("rate card forms and CSV columns", () => {
  const valid = { medium_day: "300", medium_week: "1,000", medium_four_week: "$2800", medium_day_hours: "8", published: "on" };

  it("reads a class, blank terms as none, and the published box", () => {
    expect(parseRateCardForm(valid)).toEqual({
      card: {
        classes: [{ class: "medium", day: 300, week: 1000, four_week: 2800, day_hours: 8, week_hours: null, four_week_hours: null }],
        delivery: null,
        waiver_percent: null,
        fees: [],
        published: true,
      },
    });
  });

  it("refuses negative rates, a week over 7 days, 4 weeks over 4 weeks, and a card without rates", () => {
    expect(parseRateCardForm({ ...valid, medium_day: "-5" })).toEqual({ problem: "rates-negative" });
    expect(parseRateCardForm({ ...valid, medium_week: "2101" })).toEqual({ problem: "rates-week" });
    expect(parseRateCardForm({ ...valid, medium_four_week: "4001" })).toEqual({ problem: "rates-four-week" });
    expect(parseRateCardForm({ medium_day: "", published: "on" })).toEqual({ problem: "rates-none" });
    expect(parseRateCardForm({ ...valid, delivery_fee: "100" })).toEqual({ problem: "rates-delivery" });
    expect(parseRateCardForm({ ...valid, waiver_percent: "60" })).toEqual({ problem: "rates-waiver" });
    expect(parseRateCardForm({ ...valid, medium_day: "abc" })).toEqual({ problem: "rates-number" });
  });

  it("reads the CSV's rate columns, hours for every priced class and fees as text", () => {
    const parsed = rateCardFromCsv({
      small_day: "250",
      track_day: "390",
      track_week: "1400",
      hours_day: "8",
      delivery_fee: "95",
      delivery_miles: "25",
      delivery_per_mile: "3.5",
      waiver_percent: "15",
      fees: "Environmental fee 3%; Cleaning fee $35",
    });
    expect(parsed).toEqual({
      card: {
        classes: [
          { class: "small", day: 250, week: null, four_week: null, day_hours: 8, week_hours: null, four_week_hours: null },
          { class: "track", day: 390, week: 1400, four_week: null, day_hours: 8, week_hours: null, four_week_hours: null },
        ],
        delivery: { fee: 95, miles: 25, per_mile: 3.5 },
        waiver_percent: 15,
        fees: [
          { label: "Environmental fee", percent: 3 },
          { label: "Cleaning fee", amount: 35 },
        ],
        published: true,
      },
    });
    expect(rateCardFromCsv({ name: "No rates" })).toBeNull();
    expect(rateCardFromCsv({ medium_day: "300", fees: "a fee without an amount" })).toEqual({ problem: "rates-fee" });
  });
});
