import { CACHE_TAGS } from "@/lib/data/cache-tags";
import { cachedRpc, MAX_ROWS_PER_CALL } from "@/lib/data/rpc";
import { sitemapCount, sitemapEntriesSchema, sitemapSlice, urlSetXml, xmlResponse, type SitemapEntry } from "@/lib/sitemap";

/** /sitemaps/{n}.xml — the n-th sitemap file of the index. */
export async function GET(_request: Request, { params }: { params: Promise<{ file: string }> }) {
  const n = Number((await params).file.match(/^(\d{1,4})\.xml$/)?.[1] ?? NaN);
  const size = await cachedRpc(CACHE_TAGS.listings, "sitemap_size", {});
  if (!Number.isInteger(n) || n >= sitemapCount(Number(size))) return new Response("Not Found", { status: 404 });
  const slice = sitemapSlice(n);
  const rows: SitemapEntry[] = [];
  // One call returns at most MAX_ROWS_PER_CALL rows: the file is read in pages.
  for (let read = 0; read < slice.limit; read += MAX_ROWS_PER_CALL) {
    const limit = Math.min(MAX_ROWS_PER_CALL, slice.limit - read);
    const page = await cachedRpc(
      CACHE_TAGS.listings,
      "sitemap_paths",
      { p_offset: slice.offset + read, p_limit: limit },
      sitemapEntriesSchema,
    );
    rows.push(...page);
    if (page.length < limit) break;
  }
  return xmlResponse(urlSetXml([...slice.staticPaths.map((path) => ({ path })), ...rows]));
}
