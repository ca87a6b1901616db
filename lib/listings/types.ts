import { z } from "zod";
import type { RateCard } from "../prices/rate-card";
import { rateCardSchema } from "../prices/rate-card-schema";

export interface Hero {
  hero_h1_headline: string;
  hero_h2_subtitle1: string | null;
  hero_h2_subtitle2: string | null;
}

export interface VendorCard {
  id: number;
  name: string;
  slug: string;
  phone: string | null;
  site: string | null;
  full_address: string | null;
  rating: number | null;
  photo: string | null;
  city_name: string;
  city_slug: string;
  state_slug: string;
  state_code: string;
  country_slug: string;
  /** The business has claimed the listing and manages it. */
  claimed: boolean;
  /** The listing went public in the last 30 days. */
  new: boolean;
  /** The lowest published day rate ("from $X/day"); null without a rate card. */
  from_day: number | null;
  /** The rate card is fictitious sample data; null without one. */
  rates_sample: boolean | null;
  /** Its published reviews in figures; `rating` above is sample data, never mixed with them. */
  reviews: ReviewFigures;
  /** Its rentals through the site in 12 months, delivered on time and billed as quoted; null under 3 and for sample listings. */
  records?: RentalRecords | null;
}

/** A listing as a link names it: its name and its page's slugs (a price comparison's row). */
type VendorLink = Pick<VendorCard, "id" | "name" | "slug" | "city_slug" | "state_slug" | "country_slug">;

/** A listing's two public records over its rentals settled through the site (public.vendors.rentals_*). */
export interface RentalRecords {
  completed: number;
  on_time: number;
  matched: number;
  /** The first day counted (YYYY-MM-DD). */
  since: string;
}

export interface StateWithVendors {
  state_id: number;
  state_name: string;
  state_slug: string;
  vendor_count: number;
  featured?: boolean | null;
}

export interface CityWithVendors {
  city_id: number;
  city_name: string;
  city_slug: string;
  vendor_count: number;
  state_slug: string;
}

interface Place {
  name: string;
  slug: string;
  code?: string;
}

export interface CountryPageData {
  country: Place;
  hero: Hero;
  seo_body_text: string | null;
  states: StateWithVendors[];
  vendors: VendorCard[];
}

export interface StatePageData {
  country: Place;
  state: Place & { id: number };
  hero: Hero;
  seo_body_text: string | null;
  cities: CityWithVendors[];
  /** One page of the state's vendors, and how many there are in all. */
  vendors: VendorCard[];
  vendor_total: number;
}

export interface CityPageData {
  country: Place;
  state: Place & { id: number };
  city: Place & { id: number };
  hero: Hero;
  description: string | null;
  /** One page of the vendors serving the city, and how many there are in all. */
  vendors: VendorCard[];
  vendor_total: number;
}

export interface VendorDetail extends VendorCard {
  /** Its published reviews in figures, with the stars' spread. */
  reviews: ReviewSummary;
  street: string | null;
  postcode: string | null;
  description: string | null;
  /** Another vendor of the same name is in the same city. */
  name_shared: boolean;
  created_at: string;
  updated_at: string;
  /** Opening hours, as the business wrote them. */
  hours: string | null;
  /** Median hours to the first response over at least 3 recent requests; null with fewer. */
  response: { hours: number; count: number } | null;
  /** The share of the requests due in 90 days that it answered, from 5 of them; null with fewer. */
  response_rate: { percent: number; count: number } | null;
  /** The business asked to stop receiving rental requests: its page offers the vendors nearby instead. */
  paused: boolean;
  /** The published rate card; null when the vendor publishes none. */
  rates: RateCard | null;
}

export interface VendorPageData {
  country: Place | null;
  state: Place | null;
  city: Place | null;
  vendor: VendorDetail | null;
  /** The first page of the vendor's published reviews; null without a vendor. */
  reviews: ReviewPage | null;
}

export interface CitySearchResult {
  city_name: string;
  city_slug: string;
  state_slug: string;
  state_name: string;
  vendor_count: number;
}

/** A city's vendors renting one class, for its price page (city_prices). */
export interface CityPricesData {
  country: Place;
  state: Place;
  city: Place;
  /** The ZIP is in the directory (so distances are known). */
  zip_known: boolean;
  /** The two periods a rental of the compared length is priced by: under a week the day and the week, under 4 weeks the week and 4 weeks, else 4 weeks and the week. */
  periods: Array<"day" | "week" | "4-week">;
  /** Those with the 20 lowest rates for the class for either period (up to 40), whose estimates are compared. */
  vendors: Array<{ vendor: VendorLink; miles: number | null; rates: RateCard }>;
  /** The city's vendors that publish rates for the class. */
  priced: number;
  /** The city's vendors that publish no rates for the class. */
  without_rates: number;
}

/** A listing's published reviews in figures, as its card shows them. */
export interface ReviewFigures {
  count: number;
  /** The average of the stars, one decimal; null without reviews. */
  average: number | null;
}

/** A listing's published reviews in figures, with their spread, as its page shows them. */
export interface ReviewSummary extends ReviewFigures {
  /** How many reviews gave 1, 2, 3, 4 and 5 stars. */
  stars: [number, number, number, number, number];
}

/** A listing's published reviews, one page of them, newest first, with their total. */
/** A published review as the public sees it. */
export interface PublicReview {
  id: number;
  stars: number;
  body: string | null;
  author: string;
  machine: "wheeled" | "tracked";
  requested_at: string;
  published_at: string;
  reply: string | null;
  replied_at: string | null;
  /** The rental was booked through the site. */
  booked: boolean;
}

export interface ReviewPage {
  total: number;
  reviews: PublicReview[];
}

// The schemas that the boundary (lib/data/rpc.ts) parses the directory's JSON results with.

/** A state or city as a form's choices list it (us_states, state_cities). */
export const namedPlaceSchema = z.object({ slug: z.string(), name: z.string() });
const place = namedPlaceSchema.extend({ code: z.string().optional() });
const placeWithId = place.extend({ id: z.number() });
const hero = z.object({ hero_h1_headline: z.string(), hero_h2_subtitle1: z.string().nullable(), hero_h2_subtitle2: z.string().nullable() });

const reviewFiguresSchema = z.object({ count: z.number(), average: z.number().nullable() });
export const reviewSummarySchema: z.ZodType<ReviewSummary> = reviewFiguresSchema.extend({
  stars: z.tuple([z.number(), z.number(), z.number(), z.number(), z.number()]),
});

const vendorCardFields = {
  id: z.number(),
  name: z.string(),
  slug: z.string(),
  phone: z.string().nullable(),
  site: z.string().nullable(),
  full_address: z.string().nullable(),
  rating: z.number().nullable(),
  photo: z.string().nullable(),
  city_name: z.string(),
  city_slug: z.string(),
  state_slug: z.string(),
  state_code: z.string(),
  country_slug: z.string(),
  claimed: z.boolean(),
  new: z.boolean(),
  from_day: z.number().nullable(),
  rates_sample: z.boolean().nullable(),
  reviews: reviewFiguresSchema,
  records: z.object({ completed: z.number(), on_time: z.number(), matched: z.number(), since: z.string() }).nullish(),
};
export const vendorCardSchema: z.ZodType<VendorCard> = z.object(vendorCardFields);
const { id, name, slug, city_slug, state_slug, country_slug } = vendorCardFields;
const vendorLinkSchema: z.ZodType<VendorLink> = z.object({ id, name, slug, city_slug, state_slug, country_slug });

const stateWithVendors: z.ZodType<StateWithVendors> = z.object({
  state_id: z.number(),
  state_name: z.string(),
  state_slug: z.string(),
  vendor_count: z.number(),
  featured: z.boolean().nullable().optional(),
});

export const countryPageSchema: z.ZodType<CountryPageData | null> = z
  .object({
    country: place,
    hero,
    seo_body_text: z.string().nullable(),
    states: z.array(stateWithVendors),
    vendors: z.array(vendorCardSchema),
  })
  .nullable();

export const statePageSchema: z.ZodType<StatePageData | null> = z
  .object({
    country: place,
    state: placeWithId,
    hero,
    seo_body_text: z.string().nullable(),
    cities: z.array(
      z.object({ city_id: z.number(), city_name: z.string(), city_slug: z.string(), vendor_count: z.number(), state_slug: z.string() }),
    ),
    vendors: z.array(vendorCardSchema),
    vendor_total: z.number(),
  })
  .nullable();

export const cityPageSchema: z.ZodType<CityPageData | null> = z
  .object({
    country: place,
    state: placeWithId,
    city: placeWithId,
    hero,
    description: z.string().nullable(),
    vendors: z.array(vendorCardSchema),
    vendor_total: z.number(),
  })
  .nullable();

export const publicReviewFields = {
  id: z.number(),
  stars: z.number(),
  body: z.string().nullable(),
  author: z.string(),
  machine: z.enum(["wheeled", "tracked"]),
  requested_at: z.string(),
  published_at: z.string(),
  reply: z.string().nullable(),
  replied_at: z.string().nullable(),
  booked: z.boolean(),
};

export const reviewPageSchema: z.ZodType<ReviewPage> = z.object({ total: z.number(), reviews: z.array(z.object(publicReviewFields)) });

export const vendorPageSchema: z.ZodType<VendorPageData> = z.object({
  country: place.nullable(),
  state: place.nullable(),
  city: place.nullable(),
  vendor: z
    .object({
      ...vendorCardFields,
      reviews: reviewSummarySchema,
      street: z.string().nullable(),
      postcode: z.string().nullable(),
      description: z.string().nullable(),
      name_shared: z.boolean(),
      created_at: z.string(),
      updated_at: z.string(),
      hours: z.string().nullable(),
      response: z.object({ hours: z.number(), count: z.number() }).nullable(),
      response_rate: z.object({ percent: z.number(), count: z.number() }).nullable(),
      paused: z.boolean(),
      rates: rateCardSchema.nullable(),
    })
    .nullable(),
  reviews: reviewPageSchema.nullable(),
});

export const cityPricesSchema: z.ZodType<CityPricesData | null> = z
  .object({
    country: place,
    state: place,
    city: place,
    zip_known: z.boolean(),
    periods: z.array(z.enum(["day", "week", "4-week"])),
    vendors: z.array(z.object({ vendor: vendorLinkSchema, miles: z.number().nullable(), rates: rateCardSchema })),
    priced: z.number(),
    without_rates: z.number(),
  })
  .nullable();

export const zipCitySchema = z
  .object({ city_name: z.string(), city_slug: z.string(), state_slug: z.string(), exact: z.boolean() })
  .nullable();

export const citySearchSchema: z.ZodType<CitySearchResult[]> = z.array(
  z.object({ city_name: z.string(), city_slug: z.string(), state_slug: z.string(), state_name: z.string(), vendor_count: z.number() }),
);

export const footerStatesSchema = z.array(stateWithVendors);

/** Where a listing's page is, to refresh it after a change. */
export const listingAddressSchema = z.object({ country_slug: z.string(), state_slug: z.string(), city_slug: z.string(), slug: z.string() });
export type ListingAddress = z.infer<typeof listingAddressSchema>;
