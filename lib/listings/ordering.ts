import type { CityWithVendors, Hero, StateWithVendors, VendorCard } from "./types";

const featuredRank = (featured: boolean | null | undefined) => (featured === true ? 0 : featured === false ? 2 : 1);

/** Featured true first, then unset, then false; then by vendor count, most first. */
function sortStatesForQuickLinks(states: StateWithVendors[]): StateWithVendors[] {
  return [...states].sort(
    (a, b) =>
      featuredRank(a.featured) - featuredRank(b.featured) || b.vendor_count - a.vendor_count || a.state_name.localeCompare(b.state_name),
  );
}

/** Featured States are the first 5 of the quick-link order; More States are items 5 to 50. */
export function quickLinkStates(states: StateWithVendors[]) {
  const sorted = sortStatesForQuickLinks(states);
  return { featured: sorted.slice(0, 5), more: sorted.slice(5, 50) };
}

/** Top states by vendor count (footer: 3, related resources: 5). */
export function topStates(states: StateWithVendors[], count: number): StateWithVendors[] {
  return [...states].sort((a, b) => b.vendor_count - a.vendor_count || a.state_name.localeCompare(b.state_name)).slice(0, count);
}

export function sortCitiesByVendorCount(cities: CityWithVendors[]): CityWithVendors[] {
  return [...cities].sort((a, b) => b.vendor_count - a.vendor_count || a.city_name.localeCompare(b.city_name));
}

export function uniqueVendors(vendors: VendorCard[]): VendorCard[] {
  const seen = new Set<number>();
  return vendors.filter((vendor) => (seen.has(vendor.id) ? false : (seen.add(vendor.id), true)));
}

/** Hero copy may name the place with a {location} token. */
export function heroFor(hero: Hero, location: string): Hero {
  const fill = (text: string | null) => text?.replaceAll("{location}", location) ?? null;
  return {
    hero_h1_headline: fill(hero.hero_h1_headline) ?? "",
    hero_h2_subtitle1: fill(hero.hero_h2_subtitle1),
    hero_h2_subtitle2: fill(hero.hero_h2_subtitle2),
  };
}

/** Paragraphs of a description, split on blank lines. */
export function paragraphs(text: string | null | undefined): string[] {
  return (text ?? "")
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}

export function vendorPath(vendor: Pick<VendorCard, "country_slug" | "state_slug" | "city_slug" | "slug">): string {
  return `/${vendor.country_slug}/${vendor.state_slug}/${vendor.city_slug}/${vendor.slug}`;
}

/** Page sizes of the spec: how many items show after `clicks` Show More clicks. */
export const PAGE_SIZES = {
  vendors: { desktop: 6, mobile: 3 },
  cities: { initial: 12, step: 12 },
  moreStates: { initial: 4, step: 5 },
} as const;

/**
 * State and city pages carry this many vendors; the rest are on numbered pages
 * (…/vendors/2, …) linked below the grid. A multiple of both grid page sizes.
 */
export const VENDORS_PER_PAGE = 24;

export const vendorPageCount = (total: number) => Math.max(1, Math.ceil(total / VENDORS_PER_PAGE));

/** A further page's number (2 or more) from the URL, else null. */
export function furtherVendorPage(value: string): number | null {
  return /^[1-9]\d{0,5}$/.test(value) && value !== "1" ? Number(value) : null;
}

export function visibleCount(initial: number, step: number, clicks: number, total: number): number {
  return Math.min(total, initial + step * clicks);
}
