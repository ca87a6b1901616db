import { CACHE_TAGS } from "@/lib/data/cache-tags";
import { cachedRpc, cachedRpcAllRows, MAX_ROWS_PER_CALL } from "@/lib/data/rpc";
import {
  SITEMAP_MAX_URLS,
  sitemapCount,
  sitemapEntriesSchema,
  sitemapSlice,
  STATIC_SITEMAP_PATHS,
  urlSetXml,
  xmlResponse,
  type SitemapEntry,
} from "@/lib/sitemap";

/** Where file n's database entries start: after the entry sitemap_file_starts names (the first file starts at the first entry). */
async function fileStart(n: number): Promise<{ kind: number; key: number } | null | undefined> {
  if (n === 0) return null;
  const starts = await cachedRpcAllRows(CACHE_TAGS.listings, "sitemap_file_starts", {
    p_first_file: SITEMAP_MAX_URLS - STATIC_SITEMAP_PATHS.length,
    p_per_file: SITEMAP_MAX_URLS,
  });
  const start = starts.find((row) => row.file === n);
  return start && start.after_kind !== null && start.after_key !== null ? { kind: start.after_kind, key: start.after_key } : undefined;
}

/** /sitemaps/{n}.xml — the n-th sitemap file of the index, read by keyset from where it starts. */
export async function GET(_request: Request, { params }: { params: Promise<{ file: string }> }) {
  const n = Number((await params).file.match(/^(\d{1,4})\.xml$/)?.[1] ?? NaN);
  const size = await cachedRpc(CACHE_TAGS.listings, "sitemap_size", {});
  if (!Number.isInteger(n) || n >= sitemapCount(Number(size))) return new Response("Not Found", { status: 404 });
  let after = await fileStart(n);
  if (after === undefined) return new Response("Not Found", { status: 404 });
  const slice = sitemapSlice(n);
  const rows: SitemapEntry[] = [];
  // One call returns at most MAX_ROWS_PER_CALL rows: the file is read in pages, each after the last row read.
  for (let read = 0; read < slice.limit; read += MAX_ROWS_PER_CALL) {
    const limit = Math.min(MAX_ROWS_PER_CALL, slice.limit - read);
    const page: Array<SitemapEntry & { kind: number; key: number }> = await cachedRpc(
      CACHE_TAGS.listings,
      "sitemap_paths",
      { p_after_kind: after?.kind ?? null, p_after_key: after?.key ?? null, p_limit: limit },
      sitemapEntriesSchema,
    );
    rows.push(...page);
    if (page.length < limit) break;
    after = page.at(-1)!;
  }
  return xmlResponse(urlSetXml([...slice.staticPaths.map((path) => ({ path })), ...rows]));
}
