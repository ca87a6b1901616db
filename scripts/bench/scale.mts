/** A copy of the directory grown to the size years of use reach, for the benchmarks. */
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { openFileDb } from "../../lib/db/embedded";

import { BUSY_MANAGER_EMAIL, BUSY_VENDOR_SLUG } from "./scale-calls/types";

/** Requests arrive this far apart: 1,000,000 of them span a little over two years. */
const SPACING = "interval '64 seconds'";

/**
 * SQL that adds sample vendors until there are `vendors` in all, spread over every ZIP code (each
 * serves its own ZIP code and the next one by id), then completed rental requests until there are
 * `requests` of them, 64 seconds apart into the past, grown as a busy site's history grows, through
 * the product's own triggers:
 * - one listing in three publishes a rate card for every class;
 * - one request in twenty reached no vendor; the others went to two listings (one in five to the
 *   busy listing), each by an email that failed for one request in 200 (and is not sent yet for the last ten minutes' requests);
 * - one request in a hundred is spam, one in forty was withdrawn;
 * - the first listing quoted every second request (revising one quote in ten), the second listing
 *   every seventh; a renter gave an email address for every fourth request and got each quote by email;
 * - one request in ten was booked, and one in five of those bookings cancelled;
 * - each request has its consent record, and the emailed links that are still kept (the vendors'
 *   30-day and one-year links, the renter's 90-day status link);
 * - a draft for every fourth request, over the last 31 days;
 * - retention has kept up: requests past 24 months are erased and messages past 30 days emptied,
 *   but for one day's work each, which is due.
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

    -- One listing in three publishes its rates.
    insert into public.rate_cards (vendor_id, delivery_fee, delivery_miles, delivery_per_mile, waiver_percent, updated_by)
    select v.id, 95, 30, 3.5, 12, 'bench' from public.vendors v
    where v.slug like 'scale-test-rentals-%' and v.id % 3 = 0
    on conflict do nothing;
    insert into public.rate_card_classes (vendor_id, class, day_rate, week_rate, four_week_rate, day_hours, week_hours, four_week_hours)
    select c.vendor_id, k.class, k.day + c.vendor_id % 90, 4 * (k.day + c.vendor_id % 90), 12 * (k.day + c.vendor_id % 90), 8, 40, 160
    from public.rate_cards c
    cross join (values ('small', 210), ('medium', 260), ('large', 320), ('track', 360)) k(class, day)
    where c.updated_by = 'bench'
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

    -- A request every 64 seconds into the past, newest first.
    insert into public.leads (vendor_id, vendor_name, step, location, name, phone, skid_steer_type, rental_days,
                              rental_start_date, rental_end_date, completed, owner_token_hash, created_at, updated_at,
                              completed_at, spam, renter_email, client_key, no_recipients)
    select case when g % 2 = 0 then s.id end, case when g % 2 = 0 then s.name end, 3, s.code, 'Scale Renter ' || g,
           '(555) ' || lpad((g / 10000)::text, 3, '0') || '-' || lpad((g % 10000)::text, 4, '0'),
           case when g % 2 = 0 then 'wheeled' else 'tracked' end, 1 + g % 7,
           (now() - g * ${SPACING})::date + 3, (now() - g * ${SPACING})::date + 3 + g % 7, true,
           'scale:' || g, now() - g * ${SPACING} - interval '5 minutes', now() - g * ${SPACING},
           now() - g * ${SPACING}, g % 100 = 0, case when g % 4 = 0 then 'renter-' || g || '@example.com' end,
           'k' || md5(g::text), g % 20 = 7
    from generate_series((select requests from scale_before) + 1, ${requests}) g
    join scale_listing s on s.n = 1 + (g::bigint * 7919) % (select count(*) from scale_listing);

    create temporary table scale_new as
    select l.id, substr(l.owner_token_hash, 7)::int as g, l.completed_at, l.rental_start_date, l.rental_end_date
    from public.leads l
    where l.owner_token_hash like 'scale:%' and substr(l.owner_token_hash, 7)::int > (select requests from scale_before);
    create unique index on scale_new (id);

    create temporary table scale_recipient as
    select n.id as lead_id, x.vendor_id, x.rank, n.g, n.completed_at
    from scale_new n
    cross join lateral (values
      ((select s.id from scale_listing s where s.n = 1 + (n.g::bigint * 7919) % (select count(*) from scale_listing)), 1),
      (case when n.g % 5 = 0 then (select id from scale_busy)
            else (select s.id from scale_listing s where s.n = 1 + (n.g::bigint * 104729 + 1) % (select count(*) from scale_listing)) end, 2)
    ) x(vendor_id, rank)
    where n.g % 20 <> 7;
    analyze scale_new;
    -- Where the second listing drawn is the first, the request went to one listing.
    delete from scale_recipient r where r.rank = 2
      and exists (select 1 from scale_recipient o where o.lead_id = r.lead_id and o.vendor_id = r.vendor_id and o.rank = 1);
    create unique index on scale_recipient (lead_id, rank);

    insert into public.lead_recipients (lead_id, vendor_id, reason, rank, distance_miles, status, responded_at)
    select lead_id, vendor_id, 'nearby', rank, (g % 50)::numeric,
           case when rank = 1 and g % 10 = 0 then 'won' when rank = 1 and g % 2 = 0 then 'quoted'
                when rank = 2 and g % 7 = 0 then 'quoted' when g % 3 = 0 then 'contacted' end,
           case when (rank = 1 and g % 2 = 0) or (rank = 2 and g % 7 = 0) or g % 3 = 0 then completed_at + interval '2 hours' end
    from scale_recipient
    on conflict do nothing;

    -- Messages past 30 days were emptied by retention but for one day's, which is due.
    insert into public.outbox_messages (lead_id, vendor_id, channel, status, attempts, next_attempt_at, sent_at, sent_via,
                                        created_at, kind, recipient, payload)
    select r.lead_id, r.vendor_id, 'email',
           case when r.g % 200 = 3 then 'failed' when r.completed_at > now() - interval '10 minutes' then 'pending' else 'sent' end, 1,
           r.completed_at, case when r.g % 200 <> 3 and r.completed_at <= now() - interval '10 minutes' then r.completed_at end,
           'smtp', r.completed_at, 'lead',
           case when r.completed_at > now() - interval '31 days' then 'listing-' || r.vendor_id || '@example.com' end,
           case when r.completed_at > now() - interval '31 days' then jsonb_build_object('links', true) else '{}'::jsonb end
    from scale_recipient r
    on conflict do nothing;

    insert into public.lead_consents (lead_id, text, vendor_ids, page, client_hash, given_at)
    select n.id, 'I agree that the listings below may contact me about this rental request.',
           coalesce((select array_agg(r.vendor_id order by r.rank) from scale_recipient r where r.lead_id = n.id), '{}'),
           '/us/texas/houston', substr(md5(n.g::text), 1, 32), n.completed_at
    from scale_new n;

    -- Quotes: the first listing's to every second request (one in ten revised), the second's to every seventh.
    create temporary table scale_quote as
    select r.lead_id, r.vendor_id, r.rank, r.g, r.completed_at, rev.revision,
           rev.revision = 1 and r.rank = 1 and r.g % 20 = 0 as replaced,
           rev.revision = 1 + (r.rank = 1 and r.g % 20 = 0)::int as latest
    from scale_recipient r
    cross join lateral generate_series(1, 1 + (r.rank = 1 and r.g % 20 = 0)::int) rev(revision)
    where (r.rank = 1 and r.g % 2 = 0) or (r.rank = 2 and r.g % 7 = 0);

    insert into public.quotes (lead_id, vendor_id, revision, status, machine_class, model, available, lines,
                               included_hours, over_hour_cents, fuel_policy, tax_percent, subtotal_cents, tax_cents,
                               total_cents, message, valid_until, created_at, closed_at)
    select q.lead_id, q.vendor_id, q.revision,
           case when q.replaced then 'replaced'
                when q.rank = 1 and q.g % 50 = 0 then 'closed'
                when q.rank = 1 and q.g % 10 = 0 then 'booked'
                when q.g % 10 = 0 or q.g % 40 = 13 then 'closed'
                else 'open' end,
           'medium', 'S650', true,
           jsonb_build_array(jsonb_build_object('kind', 'rental', 'label', 'Day', 'quantity', 1 + q.g % 7, 'unit_cents', 25000 + q.revision * 500,
                                                'amount_cents', (1 + q.g % 7) * (25000 + q.revision * 500)),
                             jsonb_build_object('kind', 'delivery', 'label', 'Delivery and pickup (each way)', 'quantity', 2, 'unit_cents', 9500,
                                                'amount_cents', 19000)),
           8, 4500, 'full_to_full', 8.25,
           (1 + q.g % 7) * (25000 + q.revision * 500) + 19000,
           round(((1 + q.g % 7) * (25000 + q.revision * 500) + 19000) * 8.25 / 100)::bigint,
           (1 + q.g % 7) * (25000 + q.revision * 500) + 19000 + round(((1 + q.g % 7) * (25000 + q.revision * 500) + 19000) * 8.25 / 100)::bigint,
           case when q.g % 3 = 0 then 'We can deliver the morning before.' end,
           q.completed_at + interval '3 hours' + q.revision * interval '1 hour' + interval '14 days',
           q.completed_at + interval '3 hours' + q.revision * interval '1 hour',
           case when q.replaced or q.g % 10 = 0 or q.g % 40 = 13 then q.completed_at + interval '1 day' end
    from scale_quote q;

    insert into public.outbox_messages (lead_id, vendor_id, channel, status, attempts, next_attempt_at, sent_at, sent_via,
                                        created_at, kind, recipient, payload, quote_id)
    select q.lead_id, q.vendor_id, 'email', 'sent', 1, q.created_at, q.created_at, 'smtp', q.created_at, 'quote',
           case when q.created_at > now() - interval '31 days' then l.renter_email end,
           case when q.created_at > now() - interval '31 days' then jsonb_build_object('quote_id', q.id) else '{}'::jsonb end, q.id
    from public.quotes q join public.leads l on l.id = q.lead_id
    where q.lead_id in (select id from scale_new) and l.renter_email is not null
    on conflict do nothing;

    -- One request in ten booked the first listing's quote; one in five of those bookings was cancelled.
    insert into public.bookings (lead_id, quote_id, vendor_id, status, cancel_reason, booked_at, cancelled_at, start_date, end_date)
    select q.lead_id, q.id, q.vendor_id, case when n.g % 50 = 0 then 'cancelled' else 'booked' end,
           case when n.g % 50 = 0 then 'Plans changed' end, q.created_at + interval '1 day',
           case when n.g % 50 = 0 then q.created_at + interval '2 days' end, n.rental_start_date, n.rental_end_date
    from scale_new n
    join public.quotes q on q.lead_id = n.id and q.status in ('booked', 'closed') and q.revision = 1 + (n.g % 20 = 0)::int
    join scale_recipient r on r.lead_id = q.lead_id and r.vendor_id = q.vendor_id and r.rank = 1
    where n.g % 10 = 0;
    update public.leads l set state = 'booked' from scale_new n where n.id = l.id and n.g % 10 = 0 and n.g % 20 <> 7;
    update public.leads l set state = 'cancelled' from scale_new n where n.id = l.id and n.g % 50 = 0 and n.g % 20 <> 7;
    update public.leads l set state = 'withdrawn', withdrawn_at = n.completed_at + interval '1 day'
    from scale_new n where n.id = l.id and n.g % 40 = 13;

    -- The emailed links still kept: expired ones go a day after they lapse, so one day's are due.
    insert into public.auth_links (token_hash, purpose, email, vendor_id, lead_id, created_at, expires_at)
    select md5(r.lead_id || ':' || r.vendor_id || p.purpose) || md5(p.purpose || r.g), p.purpose,
           'listing-' || r.vendor_id || '@example.com', r.vendor_id, case when p.purpose <> 'opt_out' then r.lead_id end,
           r.completed_at, r.completed_at + p.lasts
    from scale_recipient r
    cross join (values ('lead_contacted', interval '30 days'), ('lead_quote', interval '30 days'), ('opt_out', interval '1 year')) p(purpose, lasts)
    where r.completed_at + p.lasts > now() - interval '2 days';
    insert into public.auth_links (token_hash, purpose, email, lead_id, created_at, expires_at)
    select md5(n.id || ':status') || md5('status' || n.g), 'lead_status', 'renter-' || n.g || '@example.com', n.id,
           n.completed_at, n.completed_at + interval '90 days'
    from scale_new n
    where n.g % 4 = 0 and n.completed_at + interval '90 days' > now() - interval '2 days';

    -- Drafts of the rental dialog: kept for 30 days after their last change, so one day's are due.
    insert into public.leads (step, location, skid_steer_type, rental_days, owner_token_hash, created_at, updated_at, client_key)
    select 1 + g % 2, 'pending', case when g % 2 = 0 then 'wheeled' end, 1, 'scale-draft:' || g,
           now() - g * ${SPACING}, now() - g * ${SPACING}, 'k' || md5('draft' || g)
    from generate_series((select requests from scale_before) + 1, ${requests}) g
    where g % 4 = 1 and now() - g * ${SPACING} > now() - interval '31 days';

    -- Retention has erased requests sent more than 24 months and a day ago.
    update public.leads l set state = 'erased', name = '', phone = '', renter_email = null, client_key = null,
           anonymized_at = l.completed_at + interval '24 months'
    from scale_new n
    where n.id = l.id and n.completed_at < now() - interval '24 months' - interval '1 day';
    update public.lead_consents c set client_hash = null
    from scale_new n where n.id = c.lead_id and n.completed_at < now() - interval '24 months' - interval '1 day';

    drop table scale_quote;
    drop table scale_recipient;
    drop table scale_new;
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
