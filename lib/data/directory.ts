import "server-only";
import { cachedRpc } from "./rpc";
import type {
  CityPageData, CitySearchResult, CountryPageData, StatePageData, StateWithVendors, VendorPageData,
} from "../directory/types";
import { VENDORS_PER_PAGE } from "../directory/ordering";

export const getFooterStates = () => cachedRpc<StateWithVendors[]>("footer_states");

export const getCountryPage = (country: string) =>
  cachedRpc<CountryPageData | null>("country_page", { p_country_slug: country });

const vendorSlice = (page: number) => ({ p_offset: (page - 1) * VENDORS_PER_PAGE, p_limit: VENDORS_PER_PAGE });

export const getStatePage = (country: string, state: string, page = 1) =>
  cachedRpc<StatePageData | null>("state_page", { p_country_slug: country, p_state_slug: state, ...vendorSlice(page) });

export const getCityPage = (country: string, state: string, city: string, page = 1) =>
  cachedRpc<CityPageData | null>("city_page", { p_country_slug: country, p_state_slug: state, p_city_slug: city, ...vendorSlice(page) });

export const getVendorPage = (country: string, state: string, city: string, vendor: string) =>
  cachedRpc<VendorPageData>("vendor_page", {
    p_country_slug: country, p_state_slug: state, p_city_slug: city, p_vendor_slug: vendor,
  });

export const searchCities = (query: string, state: string | null) =>
  cachedRpc<CitySearchResult[]>("search_cities", { p_query: query, p_state_slug: state });

export const findCityForZip = (code: string, latitude: number | null, longitude: number | null) =>
  cachedRpc<{ city_name: string; city_slug: string; state_slug: string; exact: boolean } | null>(
    "find_city_for_zip", { p_code: code, p_latitude: latitude, p_longitude: longitude });

/** The city's own ZIP code, to prefill a rental request's job site. */
export const getCityZip = (state: string, city: string) =>
  cachedRpc<string | null>("city_zip", { p_state_slug: state, p_city_slug: city });
