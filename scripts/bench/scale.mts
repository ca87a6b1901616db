/** A copy of the directory grown to a given number of vendors, for the scale benchmark. */
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { openFileDb } from "../../lib/db/embedded";

/**
 * Creates a data folder with the migrations and seed, then adds sample vendors until
 * there are `vendors` in all, spread over every ZIP code; each serves its own ZIP code
 * and the next one by id.
 */
export async function scaledDataDir(vendors: number): Promise<string> {
  const folder = mkdtempSync(path.join(os.tmpdir(), "skidsteer-scale-"));
  const { db, release } = await openFileDb(folder);
  await db.exec(`
    with pc as (select array_agg(id order by id) as ids from public.postcodes),
         extra as (select g from generate_series(1, ${vendors} - (select count(*) from public.vendors)) g)
    insert into public.vendors (name, slug, phone, full_address, street, rating, postcode_id)
    select 'Scale Test Rentals ' || g, 'scale-test-rentals-' || g, '(555) 010-' || lpad((g % 10000)::text, 4, '0'),
           g || ' Bench Road', g || ' Bench Road', round((1 + (g % 40) / 10.0)::numeric, 1), pc.ids[1 + (g % array_length(pc.ids, 1))]
    from extra cross join pc;

    insert into public.vendors_serviced (vendor_id, postcode_id)
    select v.id, s.postcode_id
    from public.vendors v
    cross join lateral (values (v.postcode_id), (v.postcode_id + 1)) s(postcode_id)
    where v.slug like 'scale-test-rentals-%' and exists (select 1 from public.postcodes p where p.id = s.postcode_id)
    on conflict do nothing;

    analyze;
  `);
  await db.close();
  release();
  return folder;
}
