import { RATE_AGE_LIMIT_DAYS } from "./rate-card";

const whole = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 });
const exact = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", minimumFractionDigits: 2 });

/** Dollars as "$1,234", or "$1,234.50" when there are cents. */
export const usd = (amount: number) => (Number.isInteger(amount) ? whole : exact).format(amount);

/** "Confirmed Mar 3, 2026", and how long ago when that is over 180 days. */
export function confirmedLine(confirmedOn: string, today = new Date()): { text: string; old: boolean } {
  const day = new Date(`${confirmedOn}T00:00:00Z`);
  const age = Math.floor((today.getTime() - day.getTime()) / 86_400_000);
  const date = day.toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });
  if (age <= RATE_AGE_LIMIT_DAYS) return { text: `Confirmed ${date}`, old: false };
  const months = Math.floor(age / 30.44);
  return { text: `Confirmed ${date}, ${months} months ago: ask the vendor for current rates`, old: true };
}

/** "3 days", "1 week", "2 × 4 weeks" for a breakdown line. */
export const periodText = (count: number, unit: string) =>
  unit === "4 weeks" ? `${count} × 4 weeks` : `${count} ${unit}${count === 1 ? "" : "s"}`;
