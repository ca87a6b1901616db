/**
 * Tags on cached database reads: each names what the data depends on, so a write
 * invalidates the tag of what it changed, and renaming a SQL function changes nothing.
 */
export const CACHE_TAGS = {
  /** Which vendors are listed, and where: footers, city search, ZIP lookups and sitemaps. */
  listings: "listings",
  /** States, cities and ZIP codes themselves. */
  places: "places",
  /** The skid steer catalogue. */
  catalogue: "catalogue",
  /** Guides and articles. */
  articles: "articles",
} as const;

export type CacheTag = (typeof CACHE_TAGS)[keyof typeof CACHE_TAGS];
