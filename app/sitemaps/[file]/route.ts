import { cachedRpc } from "@/lib/data/rpc";
import { sitemapCount, sitemapSlice, urlSetXml, xmlResponse, type SitemapEntry } from "@/lib/sitemap";

/** /sitemaps/{n}.xml — the n-th sitemap file of the index. */
export async function GET(_request: Request, { params }: { params: Promise<{ file: string }> }) {
  const n = Number((await params).file.match(/^(\d{1,4})\.xml$/)?.[1] ?? NaN);
  const size = await cachedRpc<number>("sitemap_size");
  if (!Number.isInteger(n) || n >= sitemapCount(Number(size))) return new Response("Not Found", { status: 404 });
  const slice = sitemapSlice(n);
  const rows = slice.limit > 0 ? await cachedRpc<SitemapEntry[]>("sitemap_paths", { p_offset: slice.offset, p_limit: slice.limit }) : [];
  return xmlResponse(urlSetXml([...slice.staticPaths.map((path) => ({ path })), ...rows]));
}
