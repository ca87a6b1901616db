import { Link } from "@/components/ui/link";

export type VendorSortOrder = "rating" | "price";

const linkClass = "rounded-md px-2 py-1 font-semibold underline-offset-2 hover:underline";

/**
 * The two orders of a city's vendors, as plain links (top rated is the city's own page,
 * lowest price is `{base}/by-price`), and the city's price comparison.
 */
export function VendorSort({ base, sort }: { base: string; sort: VendorSortOrder }) {
  const orders: Array<[VendorSortOrder, string, string]> = [
    ["rating", "Top rated", base],
    ["price", "Lowest day rate", `${base}/by-price`],
  ];
  return (
    <nav aria-label="Sort vendors" className="mt-3 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
      <span className="text-ink-600">Sort by:</span>
      {orders.map(([order, label, href]) => (
        <Link
          key={order}
          href={href}
          aria-current={order === sort ? "page" : undefined}
          className={`${linkClass} ${order === sort ? "bg-ink-900 text-white" : "text-brand-700"}`}
        >
          {label}
        </Link>
      ))}
      <Link href={`${base}/prices`} className={`${linkClass} text-brand-700`}>
        Compare estimated totals
      </Link>
    </nav>
  );
}
