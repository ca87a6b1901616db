import { z } from "zod";
import { absoluteUrl } from "./seo";

/** Search engines read at most 50,000 URLs from one sitemap file. */
export const SITEMAP_MAX_URLS = 50_000;

/** Pages that are not rows in the database, listed first in the first sitemap. */
export const STATIC_SITEMAP_PATHS = [
  "/us/skidsteers",
  "/us/skidsteers/compare",
  "/models",
  "/articles",
  "/about",
  "/contact",
  "/privacy",
  "/terms",
  "/submit",
] as const;

export function sitemapCount(databaseUrls: number, perFile = SITEMAP_MAX_URLS): number {
  return Math.max(1, Math.ceil((databaseUrls + STATIC_SITEMAP_PATHS.length) / perFile));
}

/**
 * Which static paths and which slice of the database's URLs sitemap number `n` holds: its
 * first database URL's position (`offset`, where sitemap_file_starts says it begins) and how many.
 */
export function sitemapSlice(n: number, perFile = SITEMAP_MAX_URLS) {
  const staticCount = STATIC_SITEMAP_PATHS.length;
  const start = n * perFile;
  return {
    staticPaths: STATIC_SITEMAP_PATHS.slice(Math.min(start, staticCount), Math.min(start + perFile, staticCount)),
    offset: Math.max(0, start - staticCount),
    limit: perFile - Math.max(0, Math.min(staticCount - start, perFile)),
  };
}

const escapeXml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");

export interface SitemapEntry {
  path: string;
  updated_at?: string | null;
}

/** A page of sitemap_paths, with each entry's kind and key, where the next page starts. */
export const sitemapEntriesSchema = z.array(
  z.object({ kind: z.number(), key: z.number(), path: z.string(), updated_at: z.string().nullable() }),
);

export function urlSetXml(entries: SitemapEntry[]): string {
  const urls = entries.map(
    ({ path, updated_at }) =>
      `<url><loc>${escapeXml(absoluteUrl(path))}</loc>${updated_at ? `<lastmod>${new Date(updated_at).toISOString()}</lastmod>` : ""}</url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}

export function sitemapIndexXml(files: number): string {
  const items = Array.from({ length: files }, (_, n) => `<sitemap><loc>${escapeXml(absoluteUrl(`/sitemaps/${n}.xml`))}</loc></sitemap>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items.join("\n")}\n</sitemapindex>\n`;
}

export const xmlResponse = (body: string) =>
  new Response(body, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=300" } });
