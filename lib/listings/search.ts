import "server-only";
import zipcodes from "zipcodes";
import { findCityForZip, searchCities } from "./data";
import type { CitySearchResult } from "./types";

export type LocationSearchOutcome =
  { kind: "redirect"; path: string } | { kind: "results"; results: CitySearchResult[] } | { kind: "none" } | { kind: "invalid" };

/**
 * A 5-digit ZIP goes to its city, or the nearest city with vendors when its own has
 * none; any other text is a city name, matched with typo tolerance.
 */
export async function searchLocation(rawQuery: string, state: string | null): Promise<LocationSearchOutcome> {
  const query = rawQuery.trim().slice(0, 100);
  if (query.length < 2) return { kind: "invalid" };
  if (/^\d{5}$/.test(query)) {
    const known = zipcodes.lookup(query);
    const city = await findCityForZip(query, known?.latitude ?? null, known?.longitude ?? null);
    return city ? { kind: "redirect", path: `/us/${city.state_slug}/${city.city_slug}` } : { kind: "none" };
  }
  const results = await searchCities(query, state);
  if (results.length === 0) return { kind: "none" };
  if (results.length === 1) return { kind: "redirect", path: `/us/${results[0].state_slug}/${results[0].city_slug}` };
  return { kind: "results", results };
}
