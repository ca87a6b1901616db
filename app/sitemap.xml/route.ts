import { CACHE_TAGS } from "@/lib/data/cache-tags";
import { cachedRpc } from "@/lib/data/rpc";
import { sitemapCount, sitemapIndexXml, xmlResponse } from "@/lib/sitemap";

/** The sitemap index: one sitemap file per 50,000 URLs. */
export async function GET() {
  const size = await cachedRpc(CACHE_TAGS.listings, "sitemap_size", {});
  return xmlResponse(sitemapIndexXml(sitemapCount(Number(size))));
}
