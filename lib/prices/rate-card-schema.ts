import { z } from "zod";
import { MACHINE_CLASSES } from "./classes";
import type { RateCard } from "./rate-card";

// Server-side only: the browser's bundles leave zod's classic API out (they use zod/mini).

const dollars = z.number();
const hours = z.number().nullable();

/** A rate card as the database sends it (rate_card_json and every page that carries one). */
export const rateCardSchema: z.ZodType<RateCard> = z.object({
  classes: z.array(
    z.object({
      class: z.enum(MACHINE_CLASSES),
      day: dollars,
      week: dollars.nullable(),
      four_week: dollars.nullable(),
      day_hours: hours,
      week_hours: hours,
      four_week_hours: hours,
    }),
  ),
  delivery: z.object({ fee: dollars, miles: z.number(), per_mile: dollars }).nullable(),
  waiver_percent: z.number().nullable(),
  fees: z.array(
    z.union([
      z.object({ label: z.string(), percent: z.number(), amount: z.undefined().optional() }),
      z.object({ label: z.string(), amount: dollars, percent: z.undefined().optional() }),
    ]),
  ),
  confirmed_on: z.string(),
  sample: z.boolean(),
  published: z.boolean(),
});
