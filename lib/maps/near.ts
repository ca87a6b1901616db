import "server-only";
import zipcodes from "zipcodes";
import { inCanadaOrMexico, inUnitedStates } from "./atlas";
import { nearestZip } from "./data";

/** Why a position found no place: the button shows each in its own words (lib/messages/maps.ts). */
export type NearRefusal = "position-invalid" | "position-abroad" | "position-remote";

/** How far a position may be from the ZIP code it is given, and from land it is counted in the US. */
const NEAR_MILES = 60;
const SHORE_MILES = 10;

/** The military post offices abroad (AA, AE, AP) and the freely associated states, which have US ZIP codes. */
const ABROAD = new Set(["AA", "AE", "AP", "FM", "MH", "PW"]);

// Every US ZIP code's own point (the zipcodes package), read once, for the ZIP codes around a position.
const US_ZIPS = Object.values(zipcodes.codes).filter(
  (code) => code.country === "US" && !ABROAD.has(code.state) && /^\d{5}$/.test(code.zip),
);

const miles = (lat1: number, lng1: number, lat2: number, lng2: number) => {
  const radians = Math.PI / 180;
  const a =
    Math.sin(((lat2 - lat1) * radians) / 2) ** 2 +
    Math.cos(lat1 * radians) * Math.cos(lat2 * radians) * Math.sin(((lng2 - lng1) * radians) / 2) ** 2;
  return 3958.8 * 2 * Math.asin(Math.sqrt(a));
};

/** The 20 ZIP codes nearest a position by their own points, within NEAR_MILES, nearest first. */
function zipsAround(lat: number, lng: number): Array<{ zip: string; miles: number }> {
  const box = NEAR_MILES / 69;
  return US_ZIPS.filter(
    (code) =>
      Math.abs(code.latitude - lat) <= box && Math.abs(code.longitude - lng) <= box / Math.max(Math.cos((lat * Math.PI) / 180), 0.01),
  )
    .map((code) => ({ zip: code.zip, miles: miles(lat, lng, code.latitude, code.longitude) }))
    .filter((code) => code.miles <= NEAR_MILES)
    .sort((a, b) => a.miles - b.miles)
    .slice(0, 20);
}

// A latitude or longitude as a browser writes one: decimal digits, no hex, no exponent.
const DEGREES = /^-?\d{1,3}(\.\d{1,15})?$/;

/**
 * "Use my location": the ZIP code nearest the browser's position, or why there is none.
 * - The nearest ZIP code the directory knows, by the ZIP codes' own points; failing those, by its
 *   cities' points (nearest_zip). Within 60 miles, else position-remote.
 * - A position outside the Census outline of the US (the states, DC and the territories) is abroad,
 *   unless a ZIP code lies within 10 miles and it is not in Canada or Mexico: the outline is drawn
 *   for a map, and cuts off coastal towns.
 */
export async function zipNear(input: { lat: unknown; lng: unknown }): Promise<{ zip: string } | { code: NearRefusal }> {
  const [lat, lng] = [input.lat, input.lng].map((value) => (typeof value === "string" && DEGREES.test(value) ? Number(value) : NaN));
  if (!(Math.abs(lat) <= 90 && Math.abs(lng) <= 180)) return { code: "position-invalid" };
  const around = zipsAround(lat, lng);
  const inside = inUnitedStates(lat, lng) || ((around[0]?.miles ?? Infinity) <= SHORE_MILES && !(await inCanadaOrMexico(lat, lng)));
  if (!inside) return { code: "position-abroad" };
  const near = await nearestZip(
    lat,
    lng,
    around.map((code) => code.zip),
  );
  return near ? { zip: near.zip } : { code: "position-remote" };
}
