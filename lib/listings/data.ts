import "server-only";
import { cache } from "react";
import { isSlug } from "../slug";
import { CACHE_TAGS } from "../data/cache-tags";
import { cachedRpc, rpc } from "../data/rpc";
import type { MachineClass } from "../prices/classes";
import {
  citySearchSchema,
  cityPageSchema,
  cityPricesSchema,
  countryPageSchema,
  footerStatesSchema,
  statePageSchema,
  vendorPageSchema,
  zipCitySchema,
} from "./types";
import { VENDORS_PER_PAGE } from "./ordering";

export const getFooterStates = () => cachedRpc(CACHE_TAGS.listings, "footer_states", {}, footerStatesSchema);

// The pages below are cached whole (ISR) when they exist; their lookups are not cached
// on their own, so a URL naming nothing leaves nothing behind. A segment that cannot be
// a slug matches nothing without reaching the database.
const known = (segment: string) => (isSlug(segment) ? segment : "");

export const getCountryPage = cache((country: string) => rpc("country_page", { p_country_slug: known(country) }, countryPageSchema));

const vendorSlice = (page: number) => ({ p_offset: (page - 1) * VENDORS_PER_PAGE, p_limit: VENDORS_PER_PAGE });

export const getStatePage = cache((country: string, state: string, page = 1) =>
  rpc("state_page", { p_country_slug: known(country), p_state_slug: known(state), ...vendorSlice(page) }, statePageSchema),
);

/** A city's page with one page of its vendors, by rating or by their lowest day rate. */
export const getCityPage = cache((country: string, state: string, city: string, page = 1, sort: "rating" | "price" = "rating") =>
  rpc(
    "city_page",
    {
      p_country_slug: known(country),
      p_state_slug: known(state),
      p_city_slug: known(city),
      ...vendorSlice(page),
      p_sort: sort,
    },
    cityPageSchema,
  ),
);

/** A city's vendors that rent a class, with their rate cards and miles to the ZIP, for its price page's rental of `days`. */
export const getCityPrices = (country: string, state: string, city: string, zip: string, machineClass: MachineClass, days: number) =>
  cachedRpc(
    CACHE_TAGS.listings,
    "city_prices",
    {
      p_country_slug: known(country),
      p_state_slug: known(state),
      p_city_slug: known(city),
      p_zip: zip,
      p_class: machineClass,
      p_days: days,
    },
    cityPricesSchema,
  );

export const getVendorPage = cache((country: string, state: string, city: string, vendor: string) =>
  rpc(
    "vendor_page",
    {
      p_country_slug: known(country),
      p_state_slug: known(state),
      p_city_slug: known(city),
      p_vendor_slug: known(vendor),
    },
    vendorPageSchema,
  ),
);

export const searchCities = (query: string, state: string | null) =>
  cachedRpc(CACHE_TAGS.listings, "search_cities", { p_query: query, p_state_slug: state }, citySearchSchema);

export const findCityForZip = (code: string, latitude: number | null, longitude: number | null) =>
  cachedRpc(
    CACHE_TAGS.listings,
    "find_city_for_zip",
    {
      p_code: code,
      p_latitude: latitude,
      p_longitude: longitude,
    },
    zipCitySchema,
  );

/** The city's own ZIP code, to prefill a rental request's job site. */
export const getCityZip = (state: string, city: string) =>
  cachedRpc(CACHE_TAGS.places, "city_zip", { p_state_slug: state, p_city_slug: city });
