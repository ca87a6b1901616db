import "server-only";
import { revalidatePath, updateTag } from "next/cache";
import { CACHE_TAGS } from "../data/cache-tags";
import type { ListingAddress } from "./types";

/**
 * After a change to a listing, the pages that show listings are rebuilt on their next
 * visit: every country, state, city and vendor page (with their paged lists), the
 * sitemaps, and the cached reads behind them.
 */
export function refreshListingPages(): void {
  updateTag(CACHE_TAGS.listings);
  revalidatePath("/[country]", "layout");
  revalidatePath("/sitemap.xml");
  revalidatePath("/sitemaps/[file]", "page");
}

/** One listing's page, after a change that shows only there (its response time). */
export function refreshListingPage(address: ListingAddress): void {
  revalidatePath(`/${address.country_slug}/${address.state_slug}/${address.city_slug}/${address.slug}`);
}
