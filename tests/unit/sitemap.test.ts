import { describe, expect, it } from "vitest";
import { SITEMAP_MAX_URLS, STATIC_SITEMAP_PATHS, sitemapCount, sitemapSlice, sitemapIndexXml, urlSetXml } from "../../lib/sitemap";

describe("sitemap split", () => {
  it.each([
    [0, 5],
    [12, 5],
    [1, 9],
    [100, 10],
    [49_991, SITEMAP_MAX_URLS],
    [49_992, SITEMAP_MAX_URLS],
    [100_000, SITEMAP_MAX_URLS],
  ])("%i database URLs, %i per file: every URL once, no file over the limit", (databaseUrls, perFile) => {
    const files = sitemapCount(databaseUrls, perFile);
    const staticSeen: string[] = [];
    const databaseSeen: number[] = [];
    for (let n = 0; n < files; n++) {
      const { staticPaths, offset, limit } = sitemapSlice(n, perFile);
      const rows = Array.from({ length: Math.max(0, Math.min(limit, databaseUrls - offset)) }, (_, i) => offset + i);
      expect(staticPaths.length + rows.length).toBeLessThanOrEqual(perFile);
      staticSeen.push(...staticPaths);
      databaseSeen.push(...rows);
    }
    expect(staticSeen).toEqual([...STATIC_SITEMAP_PATHS]);
    expect(databaseSeen).toEqual(Array.from({ length: databaseUrls }, (_, i) => i));
  });

  it("splits beyond 50,000 URLs", () => {
    expect(sitemapCount(50_000 - STATIC_SITEMAP_PATHS.length)).toBe(1);
    expect(sitemapCount(50_001 - STATIC_SITEMAP_PATHS.length)).toBe(2);
  });

  it("escapes URLs in the XML", () => {
    expect(urlSetXml([{ path: "/a&b" }])).toContain("/a&amp;b</loc>");
    expect(sitemapIndexXml(2)).toContain("/sitemaps/1.xml</loc>");
  });
});
