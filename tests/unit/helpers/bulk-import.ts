import { importVendors, MAX_IMPORT_ROWS, type ImportRow } from "../../../lib/listings/import";
import type { Caller } from "../../../lib/data/rpc";

/** A city with a single ZIP, so each imported vendor serves one ZIP. */
export interface SmallCity {
  city: string;
  state_code: string;
  state_slug: string;
  city_slug: string;
  zip: string;
}
export const SMALL_CITY_SQL = `
  select c.name as city, s.code as state_code, s.slug as state_slug, c.slug as city_slug, min(p.code) as zip
  from public.cities c join public.states s on s.id = c.state_id join public.postcodes p on p.id = p.id and p.city_id = c.id
  where s.country_id = 1 group by c.id, s.id having count(*) = 1 order by c.id limit 1`;

export function bulkRows(city: SmallCity, count = MAX_IMPORT_ROWS): ImportRow[] {
  return Array.from({ length: count }, (_, i) => ({
    name: `Bulk Rentals ${i + 1}`,
    website: `bulk-${i + 1}.example`,
    phone: "(555) 010-0000",
    email: "",
    street: `${i + 1} Bulk Road`,
    city: city.city,
    state: city.state_code,
    zip: city.zip,
  }));
}

/**
 * Imports the rows while another client reads a public page in a loop; returns the
 * import's outcome and the slowest read seen while it ran.
 */
export async function importWhileReading(call: Caller, rows: ImportRow[], dryRun: boolean, readPage: () => Promise<unknown>) {
  let importing = true;
  let slowest = 0;
  let reads = 0;
  const reader = (async () => {
    while (importing) {
      const started = performance.now();
      await readPage();
      slowest = Math.max(slowest, performance.now() - started);
      reads++;
    }
  })();
  try {
    return { ...(await importVendors(call, rows, { dryRun, operator: "ops" })), reads: () => reads, slowest: () => slowest };
  } finally {
    importing = false;
    await reader;
  }
}
