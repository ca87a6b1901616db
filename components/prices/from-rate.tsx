import { usd } from "@/lib/prices/format";
import type { VendorCard } from "@/lib/listings/types";

/** "From $X/day" on a vendor card with published rates, marked when they are sample data. */
export function FromRate({ vendor }: { vendor: Pick<VendorCard, "from_day" | "rates_sample"> }) {
  if (vendor.from_day === null) return null;
  return (
    <p className="text-sm font-semibold" data-testid="from-rate">
      From {usd(vendor.from_day)}/day{vendor.rates_sample && <span className="font-normal text-ink-600"> (sample rates)</span>}
    </p>
  );
}
