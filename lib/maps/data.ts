import "server-only";
import { z } from "zod";
import { rpc } from "../data/rpc";
import { vendorCardSchema } from "../listings/types";
import { isSlug } from "../slug";

const point = { lat: z.number(), lng: z.number() };
const mapCitiesSchema = z.array(z.object({ slug: z.string(), name: z.string(), count: z.number(), ...point }));
const areaSchema = z.object({
  city: z.object({ name: z.string(), ...point }).nullable(),
  vendors: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      ...point,
      places: z.array(z.object({ name: z.string(), zips: z.number(), ...point })),
    }),
  ),
});

// The pages drawing these are cached whole (ISR), so their reads are not cached on their own.

/** The cities with vendors a state's map draws. */
export const getStateMap = (state: string) =>
  isSlug(state) ? rpc("state_map", { p_state_slug: state }, mapCitiesSchema) : Promise.resolve([]);

/** A city's point, and the yards and served places of the listings given (the page's). */
export const getAreaMap = (state: string, city: string, vendorIds: number[]) =>
  rpc(
    "area_map",
    { p_state_slug: isSlug(state) ? state : "", p_city_slug: isSlug(city) ? city : "", p_vendor_ids: vendorIds.slice(0, 48) },
    areaSchema,
  );

export type DeliveryAnswer =
  | { known: false }
  | {
      known: true;
      zip: string;
      city_name: string;
      state_code: string;
      miles: number | null;
      delivery_miles: number | null;
      answer: "serves" | "delivery_range" | "no";
    };

const deliverySchema: z.ZodType<DeliveryAnswer | null> = z
  .discriminatedUnion("known", [
    z.object({ known: z.literal(false) }),
    z.object({
      known: z.literal(true),
      zip: z.string(),
      city_name: z.string(),
      state_code: z.string(),
      miles: z.number().nullable(),
      delivery_miles: z.number().nullable(),
      answer: z.enum(["serves", "delivery_range", "no"]),
    }),
  ])
  .nullable();

/** Whether a listing delivers to a ZIP code; null for a listing not shown. */
export const deliversTo = (vendorId: number, zip: string) =>
  rpc("vendor_delivers_to", { p_vendor_id: vendorId, p_zip: zip }, deliverySchema);

/**
 * The first of `candidates` (ZIP codes nearest a position, nearest first) the directory knows; else
 * the ZIP code it places nearest, within 60 miles; null when none is.
 */
export const nearestZip = (latitude: number, longitude: number, candidates: string[]) =>
  rpc(
    "nearest_zip",
    { p_latitude: latitude, p_longitude: longitude, p_candidates: candidates.slice(0, 50) },
    z.object({ zip: z.string(), miles: z.number().nullable() }).nullable(),
  );

const nearestSchema = z
  .object({
    zip: z.string(),
    city_name: z.string(),
    state_code: z.string(),
    state_slug: z.string(),
    city_slug: z.string(),
    vendors: z.array(z.object({ card: vendorCardSchema, miles: z.number(), serves: z.boolean() })),
  })
  .nullable();

/** The listings nearest a ZIP code, nearest first with their miles; null for an unknown ZIP. */
export const getVendorsNearest = (zip: string) => rpc("vendors_nearest", { p_zip: zip, p_limit: 24 }, nearestSchema);
