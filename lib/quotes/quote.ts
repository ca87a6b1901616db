import { z } from "zod";
import { MACHINE_CLASSES } from "../prices/classes";

/** What a quote's line prices. */
export const LINE_KINDS = ["rental", "delivery", "pickup", "waiver", "hours", "fuel", "fee"] as const;
/** Each kind of line as pages name it. */
export const LINE_KIND_NAMES: Record<(typeof LINE_KINDS)[number], string> = {
  rental: "Rental",
  delivery: "Delivery",
  pickup: "Pickup",
  waiver: "Damage waiver",
  hours: "Meter hours",
  fuel: "Fuel",
  fee: "Other fee",
};
export const FUEL_POLICIES = { full_to_full: "Return it full", charged: "Fuel used is charged", included: "Fuel included" } as const;

/** A quote as the database keeps it (public.quotes): amounts in cents, its total computed from its lines. */
export const quoteSchema = z.object({
  id: z.number(),
  lead_id: z.number(),
  vendor_id: z.number(),
  revision: z.number(),
  status: z.enum(["open", "replaced", "withdrawn", "closed", "booked"]),
  machine_class: z.enum(MACHINE_CLASSES),
  model: z.string().nullable(),
  available: z.boolean(),
  alternate_start: z.string().nullable(),
  alternate_end: z.string().nullable(),
  lines: z.array(
    z.object({ kind: z.enum(LINE_KINDS), label: z.string(), quantity: z.number(), unit_cents: z.number(), amount_cents: z.number() }),
  ),
  included_hours: z.number().nullable(),
  over_hour_cents: z.number().nullable(),
  fuel_policy: z.enum(Object.keys(FUEL_POLICIES) as [keyof typeof FUEL_POLICIES]).nullable(),
  tax_percent: z.number().nullable(),
  subtotal_cents: z.number(),
  tax_cents: z.number(),
  total_cents: z.number(),
  message: z.string().nullable(),
  valid_until: z.string(),
  created_at: z.string(),
});
export type Quote = z.infer<typeof quoteSchema>;

/** A request's booking (public.bookings). */
export const bookingSchema = z.object({
  lead_id: z.number(),
  quote_id: z.number(),
  vendor_id: z.number(),
  status: z.enum(["booked", "cancelled"]),
  /** The days booked (YYYY-MM-DD): the booked quote's other dates when it offered them, else the request's. */
  start_date: z.string(),
  end_date: z.string(),
  cancel_reason: z.string().nullable(),
  booked_at: z.string(),
  cancelled_at: z.string().nullable(),
});

/** Dollars for an amount in cents, as a page shows them. */
export const centsText = (cents: number) => new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(cents / 100);
