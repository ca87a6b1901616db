import type { CityPricesData } from "./types";
import { isMachineClass, type MachineClass } from "../prices/classes";
import { estimateRental, type Estimate } from "../prices/estimate";

/** What a price page compares, from its query string; anything unreadable takes the default. */
export interface PriceQuery {
  machineClass: MachineClass;
  days: number;
  zip: string | null;
}

const DEFAULT_PRICE_QUERY = { machineClass: "medium", days: 7 } as const;
export const MAX_PRICE_DAYS = 365;

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

export function readPriceQuery(params: Record<string, string | string[] | undefined>): PriceQuery {
  const machineClass = first(params.class);
  const days = Number(first(params.days));
  const zip = first(params.zip)?.trim();
  return {
    machineClass: isMachineClass(machineClass) ? machineClass : DEFAULT_PRICE_QUERY.machineClass,
    days: Number.isInteger(days) && days >= 1 && days <= MAX_PRICE_DAYS ? days : DEFAULT_PRICE_QUERY.days,
    zip: zip && /^\d{5}$/.test(zip) ? zip : null,
  };
}

export type PricedVendor = CityPricesData["vendors"][number] & { estimate: Estimate };

/** How many vendors a price page shows. */
const COMPARED = 20;

/** The COMPARED vendors with the lowest estimated totals for the query, cheapest first. */
export function compareEstimates(data: CityPricesData, query: PriceQuery): PricedVendor[] {
  return data.vendors
    .flatMap((entry) => {
      const estimate = estimateRental(entry.rates, query.machineClass, query.days, data.zip_known ? entry.miles : null);
      return estimate ? [{ ...entry, estimate }] : [];
    })
    .sort((a, b) => a.estimate.total - b.estimate.total || a.vendor.name.localeCompare(b.vendor.name))
    .slice(0, COMPARED);
}
