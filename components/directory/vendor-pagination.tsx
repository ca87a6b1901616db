import { Link } from "@/components/ui/link";
import { vendorPageCount } from "@/lib/listings/ordering";

/** Page 1 is the place's own page; page n is `{base}/vendors/{n}`. */
const vendorPageHref = (base: string, page: number) => (page === 1 ? base : `${base}/vendors/${page}`);

/**
 * Plain links to the previous, nearby and next pages of a place's vendors (crawlable, no
 * JavaScript); `href` gives a page's address when the list is in another order.
 */
export function VendorPagination({
  base,
  page,
  total,
  href = (n) => vendorPageHref(base, n),
}: {
  base: string;
  page: number;
  total: number;
  href?: (page: number) => string;
}) {
  const pages = vendorPageCount(total);
  if (pages === 1) return null;
  const near = Array.from({ length: pages }, (_, i) => i + 1).filter((n) => n === 1 || n === pages || Math.abs(n - page) <= 2);
  const linkClass =
    "inline-flex h-10 min-w-10 items-center justify-center rounded-md border border-ink-200 px-3 text-sm font-semibold hover:bg-ink-50";
  return (
    <nav aria-label="Vendor pages" className="mt-6 flex flex-wrap items-center justify-center gap-2">
      {page > 1 && (
        <Link href={href(page - 1)} rel="prev" className={linkClass}>
          Previous
        </Link>
      )}
      {near.map((n, index) => (
        <span key={n} className="flex items-center gap-2">
          {index > 0 && n - near[index - 1] > 1 && <span aria-hidden="true">…</span>}
          {n === page ? (
            <span aria-current="page" className={`${linkClass} border-ink-900 bg-ink-900 text-white`}>
              {n}
            </span>
          ) : (
            <Link href={href(n)} className={linkClass} aria-label={`Vendors page ${n}`}>
              {n}
            </Link>
          )}
        </span>
      ))}
      {page < pages && (
        <Link href={href(page + 1)} rel="next" className={linkClass}>
          Next
        </Link>
      )}
    </nav>
  );
}
