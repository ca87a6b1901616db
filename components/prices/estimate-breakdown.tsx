import { CLASS_NAMES } from "@/lib/prices/classes";
import type { Estimate } from "@/lib/prices/estimate";
import { periodText, usd } from "@/lib/prices/format";

/** How an estimated total is made up, line by line (a server and a client component alike). */
export function EstimateBreakdown({ estimate }: { estimate: Estimate }) {
  const { delivery } = estimate;
  return (
    <ul className="mt-1 space-y-0.5 text-xs text-ink-600">
      <li>
        {CLASS_NAMES[estimate.class].name}, {estimate.periods.map((p) => `${periodText(p.count, p.unit)} at ${usd(p.rate)}`).join(" + ")}:{" "}
        {usd(estimate.rental)}
        {estimate.hours !== null && ` (${estimate.hours} meter hours included)`}
      </li>
      <li>
        {delivery === "none"
          ? "No delivery: pick up at the yard"
          : delivery === "unknown"
            ? "Delivery: not estimated (ZIP not found)"
            : `Delivery and pickup, ${delivery.miles} miles away: ${usd(delivery.amount)}`}
      </li>
      {estimate.waiver && (
        <li>
          Damage waiver {estimate.waiver.percent} %: {usd(estimate.waiver.amount)}
        </li>
      )}
      {estimate.fees.map((fee) => (
        <li key={fee.label}>
          {fee.label}
          {fee.percent !== undefined ? ` ${fee.percent} %` : ""}: {usd(fee.amount)}
        </li>
      ))}
    </ul>
  );
}
