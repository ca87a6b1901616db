import { Link } from "@/components/ui/link";

/** The list's address with the given query parameters, the empty ones left out. */
function listHref(path: string, params: Record<string, string | undefined>): string {
  return `${path}?${new URLSearchParams(Object.entries(params).filter((e): e is [string, string] => Boolean(e[1])))}`;
}

/** Previous/next links for a paged list, keeping the other query parameters. */
export function Pager({
  path,
  params,
  page,
  pageSize,
  total,
}: {
  path: string;
  params: Record<string, string | undefined>;
  page: number;
  pageSize: number;
  total: number;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const href = (n: number) => listHref(path, { ...params, page: String(n) });
  return (
    <nav aria-label="Pages" className="mt-4 flex items-center gap-4 text-sm">
      <span>
        {total.toLocaleString("en-US")} in all · page {page} of {pages}
      </span>
      {page > 1 && (
        <Link href={href(page - 1)} className="font-semibold text-brand-700 hover:underline">
          ← Newer
        </Link>
      )}
      {page < pages && (
        <Link href={href(page + 1)} className="font-semibold text-brand-700 hover:underline">
          Older →
        </Link>
      )}
    </nav>
  );
}

/**
 * Links either side of a page read by keyset (the first and last row's ids), keeping the other
 * query parameters, and how many rows match, counted up to the list's cap.
 */
export function KeysetPager({
  path,
  params,
  page,
  rowIds,
  labels,
}: {
  path: string;
  params: Record<string, string | undefined>;
  page: { total: number; total_capped: boolean; previous: boolean; next: boolean };
  rowIds: number[];
  labels: { previous: string; next: string };
}) {
  const href = (cursor: "after" | "before", id: number | undefined) => listHref(path, { ...params, [cursor]: id?.toString() });
  return (
    <nav aria-label="Pages" className="mt-4 flex flex-wrap items-center gap-4 text-sm">
      <span>{page.total_capped ? `More than ${page.total.toLocaleString("en-US")}` : page.total.toLocaleString("en-US")} in all</span>
      {page.previous && (
        <Link href={href("before", rowIds[0])} className="font-semibold text-brand-700 hover:underline">
          ← {labels.previous}
        </Link>
      )}
      {page.next && (
        <Link href={href("after", rowIds.at(-1))} className="font-semibold text-brand-700 hover:underline">
          {labels.next} →
        </Link>
      )}
    </nav>
  );
}
