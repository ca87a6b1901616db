import { z } from "zod";
import { bookingSchema } from "./quote";

/** When the renter would like the machine delivered (bookings.window_preference). */
export const WINDOW_PREFERENCES = {
  early: "Early, 7 to 9 am",
  morning: "Morning, 8 am to noon",
  afternoon: "Afternoon, noon to 5 pm",
  any: "Any time",
} as const;

/** A fuel gauge's readings, in eighths of a tank (bookings.delivery_fuel). */
export const FUEL_LEVELS = ["Empty", "1/8", "1/4", "3/8", "1/2", "5/8", "3/4", "7/8", "Full"] as const;

/** What the renter can report about a delivery (bookings.problem). */
export const PROBLEMS = {
  not_arrived: "The machine did not arrive",
  wrong_machine: "It is the wrong machine",
  damaged: "The machine is damaged",
} as const;

/**
 * A request's booking as the renter, its vendor and the operator see it (private.rental_of): the
 * job site's details, the delivery window in the job site's local time, the delivery, and the
 * paths of its photos (signed for the page by lib/storage/photos.ts).
 */
export const rentalSchema = bookingSchema.extend({
  site_address: z.string().nullable(),
  access_notes: z.string().nullable(),
  site_contact: z.string().nullable(),
  site_phone: z.string().nullable(),
  window_preference: z.enum(Object.keys(WINDOW_PREFERENCES) as [keyof typeof WINDOW_PREFERENCES]).nullable(),
  confirm_by: z.string().nullable(),
  confirmed_at: z.string().nullable(),
  window_start: z.string().nullable(),
  window_end: z.string().nullable(),
  /** The calendar invitation's SEQUENCE, raised at each change of the rental's time. */
  sequence: z.number(),
  time_zone: z.string(),
  window_day: z.string().nullable(),
  window_from: z.string().nullable(),
  window_to: z.string().nullable(),
  dispatched_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
  delivery_hours: z.number().nullable(),
  delivery_fuel: z.number().nullable(),
  arrived_at: z.string().nullable(),
  problem: z.enum(Object.keys(PROBLEMS) as [keyof typeof PROBLEMS]).nullable(),
  problem_note: z.string().nullable(),
  problem_at: z.string().nullable(),
  off_rent_at: z.string().nullable(),
  call_off_number: z.string().nullable(),
  picked_up_at: z.string().nullable(),
  pickup_hours: z.number().nullable(),
  pickup_fuel: z.number().nullable(),
  billed_at: z.string().nullable(),
  settled_at: z.string().nullable(),
  bill_total_cents: z.number().nullable(),
  photos: z.array(z.object({ record: z.enum(["delivery", "problem", "pickup"]), path: z.string() })),
  /** The renter's asks to extend, oldest first. */
  extensions: z.array(
    z.object({
      id: z.number(),
      new_end: z.string(),
      added_days: z.number(),
      price_cents: z.number(),
      status: z.enum(["asked", "accepted", "declined"]),
      asked_at: z.string(),
    }),
  ),
  /** The final bill's lines in order, once the machine is picked up. */
  bill: z.array(
    z.object({
      id: z.number(),
      kind: z.enum(["quote", "rental", "extension", "over_hours", "fuel", "damage", "cleaning", "other", "tax"]),
      label: z.string(),
      amount_cents: z.number(),
      /** False: "not in your quote", for the renter to accept or dispute. */
      in_quote: z.boolean(),
      reason: z.string().nullable(),
      answer: z.enum(["accepted", "disputed"]).nullable(),
      dispute_reason: z.string().nullable(),
      photos: z.array(z.string()),
    }),
  ),
});
export type Rental = z.infer<typeof rentalSchema>;

/** Where a live booking stands, from the steps it has been through. */
export function rentalStage(rental: Rental): "waiting" | "confirmed" | "on_the_way" | "on_rent" | "returned" | "billed" | "settled" {
  if (rental.settled_at) return "settled";
  if (rental.billed_at) return "billed";
  if (rental.picked_up_at) return "returned";
  if (rental.delivered_at) return "on_rent";
  if (rental.dispatched_at) return "on_the_way";
  return rental.confirmed_at ? "confirmed" : "waiting";
}

/** What a vendor may add to a bill, beyond what follows from the quote. */
export const ADDED_LINES = { damage: "Damage", cleaning: "Cleaning", fuel: "Fuel", other: "Other" } as const;

/** A moment in the job site's local time, as the rental's pages show it: "Tue, Dec 1, 2:30 PM CST". */
export const siteTime = (at: string, zone: string) =>
  new Date(at).toLocaleString("en-US", {
    weekday: "short",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZone: zone,
    timeZoneName: "short",
  });

/** A confirmed window as pages and emails show it: "Tue, Dec 1, 8:00 AM to 12:00 PM CST". */
export function windowText(rental: Pick<Rental, "window_day" | "window_from" | "window_to" | "time_zone" | "confirmed_at">): string | null {
  if (!rental.window_day || !rental.window_from || !rental.window_to) return null;
  const clock = (time: string) => {
    const [hour, minute] = time.split(":").map(Number);
    return `${hour % 12 || 12}:${String(minute).padStart(2, "0")} ${hour < 12 ? "AM" : "PM"}`;
  };
  const day = new Date(`${rental.window_day}T12:00:00Z`).toLocaleDateString("en-US", {
    weekday: "short",
    month: "short",
    day: "numeric",
    timeZone: "UTC",
  });
  const zone =
    new Date(`${rental.window_day}T12:00:00Z`)
      .toLocaleString("en-US", { timeZone: rental.time_zone, timeZoneName: "short" })
      .split(" ")
      .pop() ?? "";
  return `${day}, ${clock(rental.window_from)} to ${clock(rental.window_to)} ${zone}`;
}
