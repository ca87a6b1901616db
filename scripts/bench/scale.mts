/** A copy of the directory grown to the size years of use reach, for the benchmarks. */
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { openFileDb } from "../../lib/db/embedded";

/** The listing that receives one request in five (the first vendor while there is no such listing), and the address that manages it. */
export const BUSY_VENDOR_SLUG = "scale-test-rentals-1";
export const BUSY_MANAGER_EMAIL = "owner@busy-listing.example";

/**
 * SQL that adds sample vendors until there are `vendors` in all, spread over every ZIP code (each
 * serves its own ZIP code and the next one by id), then completed rental requests until there are
 * `requests` of them, a minute apart into the past, each sent to two listings (one in five to the busy listing) by one email each.
 * The same statements run on PGlite and on PostgreSQL 15.
 */
export function growthSql(vendors: number, requests: number): string {
  return `
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

    create temporary table scale_busy as
    select coalesce((select id from public.vendors where slug = '${BUSY_VENDOR_SLUG}'), (select min(id) from public.vendors)) as id;
    insert into public.vendor_managers (vendor_id, email, role, added_by)
    select id, '${BUSY_MANAGER_EMAIL}', 'owner', 'bench' from scale_busy
    on conflict do nothing;

    create temporary table scale_listing as
    select row_number() over (order by v.id) as n, v.id, v.name, p.code
    from public.vendors v join public.postcodes p on p.id = v.postcode_id;
    create unique index on scale_listing (n);
    create temporary table scale_before as
    select count(*)::int as requests from public.leads where owner_token_hash like 'scale:%';

    -- A request a minute into the past, newest first; one in a hundred is spam.
    insert into public.leads (vendor_id, vendor_name, step, location, name, phone, skid_steer_type, rental_days,
                              rental_start_date, rental_end_date, completed, owner_token_hash, created_at, updated_at,
                              completed_at, spam)
    select case when g % 2 = 0 then s.id end, case when g % 2 = 0 then s.name end, 3, s.code, 'Scale Renter ' || g,
           '(555) 020-' || lpad((g % 10000)::text, 4, '0'), case when g % 2 = 0 then 'wheeled' else 'tracked' end, 1 + g % 7,
           (now() - g * interval '1 minute')::date + 3, (now() - g * interval '1 minute')::date + 3 + g % 7, true,
           'scale:' || g, now() - g * interval '1 minute' - interval '5 minutes', now() - g * interval '1 minute',
           now() - g * interval '1 minute', g % 100 = 0
    from generate_series((select requests from scale_before) + 1, ${requests}) g
    join scale_listing s on s.n = 1 + (g::bigint * 7919) % (select count(*) from scale_listing);

    create temporary table scale_recipient as
    select l.id as lead_id, x.vendor_id, x.rank, g
    from public.leads l
    cross join lateral (select substr(l.owner_token_hash, 7)::int as g) n
    cross join lateral (values
      ((select s.id from scale_listing s where s.n = 1 + (g::bigint * 7919) % (select count(*) from scale_listing)), 1),
      (case when g % 5 = 0 then (select id from scale_busy)
            else (select s.id from scale_listing s where s.n = 1 + (g::bigint * 104729 + 1) % (select count(*) from scale_listing)) end, 2)
    ) x(vendor_id, rank)
    where l.owner_token_hash like 'scale:%' and g > (select requests from scale_before);

    insert into public.lead_recipients (lead_id, vendor_id, reason, rank, distance_miles, status, responded_at)
    select lead_id, vendor_id, 'nearby', rank, (g % 50)::numeric, case when g % 3 = 0 then 'contacted' end,
           case when g % 3 = 0 then now() - g * interval '1 minute' + interval '2 hours' end
    from scale_recipient
    on conflict do nothing;

    insert into public.outbox_messages (lead_id, vendor_id, channel, status, attempts, next_attempt_at, sent_at, sent_via,
                                        created_at, kind, recipient)
    select r.lead_id, r.vendor_id, 'email', case when r.g % 200 = 0 then 'failed' else 'sent' end, 1,
           now() - r.g * interval '1 minute', case when r.g % 200 <> 0 then now() - r.g * interval '1 minute' end, 'smtp',
           now() - r.g * interval '1 minute', 'lead', 'listing-' || r.vendor_id || '@example.com'
    from scale_recipient r
    on conflict do nothing;

    drop table scale_recipient;
    drop table scale_listing;
    drop table scale_before;
    drop table scale_busy;
    analyze;
  `;
}

/**
 * Creates an embedded data folder with the migrations and seed, grown by growthSql.
 */
export async function scaledDataDir(vendors: number, requests = 0): Promise<string> {
  const folder = mkdtempSync(path.join(os.tmpdir(), "skidsteer-scale-"));
  const { db, release } = await openFileDb(folder);
  await db.exec(growthSql(vendors, requests));
  await db.close();
  release();
  return folder;
}
