import { Link } from "@/components/ui/link";

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
  const href = (n: number) => {
    const query = new URLSearchParams(Object.entries({ ...params, page: String(n) }).filter((e): e is [string, string] => Boolean(e[1])));
    return `${path}?${query}`;
  };
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
