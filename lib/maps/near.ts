import "server-only";
import { z } from "zod";
import { inUnitedStates } from "./atlas";
import { nearestZip } from "./data";

/** Why a position found no place: the button shows each in its own words (lib/messages/maps.ts). */
export type NearRefusal = "position-invalid" | "position-abroad" | "position-remote";

const position = z.object({
  lat: z.coerce.number().finite().min(-90).max(90),
  lng: z.coerce.number().finite().min(-180).max(180),
});

/**
 * "Use my location": the ZIP code nearest the browser's position, or why there is none. A
 * position outside the 50 states and DC, or with no town the directory knows within 60 miles,
 * finds nothing.
 */
export async function zipNear(input: { lat: unknown; lng: unknown }): Promise<{ zip: string } | { code: NearRefusal }> {
  const parsed = position.safeParse({
    lat: typeof input.lat === "string" && input.lat.trim() !== "" ? input.lat : NaN,
    lng: typeof input.lng === "string" && input.lng.trim() !== "" ? input.lng : NaN,
  });
  if (!parsed.success) return { code: "position-invalid" };
  const { lat, lng } = parsed.data;
  if (!inUnitedStates(lat, lng)) return { code: "position-abroad" };
  const near = await nearestZip(lat, lng);
  return near ? { zip: near.zip } : { code: "position-remote" };
}
