import type { MachineClass } from "./classes";

/** One class's rates in dollars, and the meter hours each period includes (null: not stated). */
export interface ClassRates {
  class: MachineClass;
  day: number;
  week: number | null;
  four_week: number | null;
  day_hours: number | null;
  week_hours: number | null;
  four_week_hours: number | null;
}

/** Another fee: a percentage of the rental, or a fixed amount per rental. */
export type Fee = { label: string; percent: number; amount?: undefined } | { label: string; amount: number; percent?: undefined };

/** Delivery: a flat fee each way within `miles`, then `per_mile` beyond. */
interface Delivery {
  fee: number;
  miles: number;
  per_mile: number;
}

/** A vendor's rate card as the database stores and pages read it (rate_card_json). */
export interface RateCard {
  classes: ClassRates[];
  /** Null when the vendor does not deliver. */
  delivery: Delivery | null;
  /** Null when no damage waiver is offered. */
  waiver_percent: number | null;
  fees: Fee[];
  /** The day the card was last confirmed (YYYY-MM-DD). */
  confirmed_on: string;
  /** Fictitious sample data of the seeded directory. */
  sample: boolean;
  published: boolean;
}

/** What a form or an import writes: the card without its date and sample flag. */
export type RateCardInput = Omit<RateCard, "confirmed_on" | "sample">;

/** Rates older than this show their age. */
export const RATE_AGE_LIMIT_DAYS = 180;

export const ratesFor = (card: RateCard | null | undefined, machineClass: MachineClass) =>
  card?.classes.find((entry) => entry.class === machineClass) ?? null;
