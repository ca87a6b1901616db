import type { MachineClass } from "./classes";
import type { ClassRates, RateCard } from "./rate-card";

/** The rental periods a card prices, longest first. */
const PERIODS = [
  { unit: "4 weeks", days: 28, rate: "four_week", hours: "four_week_hours" },
  { unit: "week", days: 7, rate: "week", hours: "week_hours" },
  { unit: "day", days: 1, rate: "day", hours: "day_hours" },
] as const;

type PeriodUnit = (typeof PERIODS)[number]["unit"];

/** An estimated total, in dollars, with every part of it. It is an estimate, not a quote. */
export interface Estimate {
  class: MachineClass;
  days: number;
  /** The cheapest combination of periods covering the days. */
  periods: Array<{ unit: PeriodUnit; count: number; rate: number }>;
  rental: number;
  /** Meter hours the chosen periods include; null when the card states none. */
  hours: number | null;
  /** Round-trip delivery; "none" when the vendor does not deliver, "unknown" without a distance. */
  delivery: { amount: number; miles: number; milesBeyond: number } | "none" | "unknown";
  waiver: { percent: number; amount: number } | null;
  fees: Array<{ label: string; amount: number; percent?: number }>;
  total: number;
}

const cents = (dollars: number) => Math.round(dollars * 100);
const dollars = (amount: number) => amount / 100;

/**
 * The cheapest way to cover `days` with the class's 4-week, week and day rates: a longer
 * period may cover fewer days than it holds (10 days may cost less as 2 weeks than as a
 * week and 3 days). Amounts in cents.
 */
function cheapestPeriods(rates: ClassRates, days: number): { cost: number; counts: Map<PeriodUnit, number> } {
  const offered = PERIODS.filter((period) => rates[period.rate] !== null).map((period) => ({
    ...period,
    price: cents(rates[period.rate] as number),
  }));
  const best: number[] = [0];
  const choice: Array<(typeof offered)[number]> = [];
  for (let n = 1; n <= days; n++) {
    best[n] = Infinity;
    for (const period of offered) {
      const cost = best[Math.max(0, n - period.days)] + period.price;
      if (cost < best[n]) {
        best[n] = cost;
        choice[n] = period;
      }
    }
  }
  const counts = new Map<PeriodUnit, number>();
  for (let n = days; n > 0; n = Math.max(0, n - choice[n].days)) counts.set(choice[n].unit, (counts.get(choice[n].unit) ?? 0) + 1);
  return { cost: best[days], counts };
}

/**
 * The estimated total of renting one class of a card for `days`, delivered `miles` from
 * the vendor (null: distance unknown): the cheapest periods, round-trip delivery (a flat
 * fee each way within the card's radius, and its rate per whole mile beyond), the damage
 * waiver and percentage fees on the rental, and fixed fees. Null when the card does not
 * rent that class.
 */
export function estimateRental(card: RateCard, machineClass: MachineClass, days: number, miles: number | null): Estimate | null {
  const rates = card.classes.find((entry) => entry.class === machineClass);
  if (!rates || days < 1) return null;
  const { cost: rental, counts } = cheapestPeriods(rates, days);
  const periods = PERIODS.filter((period) => counts.has(period.unit)).map((period) => ({
    unit: period.unit,
    count: counts.get(period.unit) as number,
    rate: rates[period.rate] as number,
  }));
  const hours = PERIODS.every((period) => !counts.has(period.unit) || rates[period.hours] !== null)
    ? PERIODS.reduce((sum, period) => sum + (counts.get(period.unit) ?? 0) * (rates[period.hours] ?? 0), 0)
    : null;

  let delivery: Estimate["delivery"] = "none";
  let deliveryCost = 0;
  if (card.delivery && miles === null) delivery = "unknown";
  else if (card.delivery && miles !== null) {
    const milesBeyond = Math.ceil(Math.max(0, miles - card.delivery.miles));
    deliveryCost = 2 * (cents(card.delivery.fee) + milesBeyond * cents(card.delivery.per_mile));
    delivery = { amount: dollars(deliveryCost), miles, milesBeyond };
  }
  const share = (percent: number) => Math.round((rental * percent) / 100);
  const waiverCost = card.waiver_percent === null ? 0 : share(card.waiver_percent);
  const fees = card.fees.map((fee) =>
    fee.percent !== undefined
      ? { label: fee.label, percent: fee.percent, cost: share(fee.percent) }
      : { label: fee.label, cost: cents(fee.amount) },
  );
  const total = rental + deliveryCost + waiverCost + fees.reduce((sum, fee) => sum + fee.cost, 0);
  return {
    class: machineClass,
    days,
    periods,
    rental: dollars(rental),
    hours,
    delivery,
    waiver: card.waiver_percent === null ? null : { percent: card.waiver_percent, amount: dollars(waiverCost) },
    fees: fees.map(({ cost, ...fee }) => ({ ...fee, amount: dollars(cost) })),
    total: dollars(total),
  };
}

/** The lowest estimate among the classes that meet a request (e.g. any wheeled class), or null. */
export function cheapestEstimate(card: RateCard, classes: MachineClass[], days: number, miles: number | null): Estimate | null {
  return classes
    .map((machineClass) => estimateRental(card, machineClass, days, miles))
    .filter((estimate): estimate is Estimate => estimate !== null)
    .reduce<Estimate | null>((best, estimate) => (best === null || estimate.total < best.total ? estimate : best), null);
}
