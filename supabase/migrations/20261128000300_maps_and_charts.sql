-- Written by npm run db:migration from supabase/functions/ (edit those files, not this one).

-- supabase/functions/area_map.sql
-- A city's or a listing's map: the city's point, and for each of the listings given (at most
-- 48, those the page shows; hidden ones never) its yard and the places of the ZIP codes it
-- serves, by city (the 200 with the most of its ZIP codes), each with how many of them it serves.
create or replace function public.area_map(p_state_slug text, p_city_slug text, p_vendor_ids bigint[])
returns jsonb language sql stable set search_path = '' as $$
  select jsonb_build_object(
    'city', (select jsonb_build_object('name', c.name, 'lat', c.latitude, 'lng', c.longitude)
             from public.states st join public.cities c on c.state_id = st.id
             where st.country_id = 1 and st.slug = lower(p_state_slug) and c.slug = lower(p_city_slug)
               and c.latitude is not null),
    'vendors', coalesce((
      select jsonb_agg(jsonb_build_object('id', v.id, 'name', v.name, 'lat', yc.latitude, 'lng', yc.longitude,
               'places', coalesce((
                 select jsonb_agg(jsonb_build_object('name', sc.name, 'lat', sc.latitude, 'lng', sc.longitude, 'zips', sp.zips)
                                  order by sp.zips desc, sc.name)
                 from (select p.city_id, count(*) as zips
                       from public.vendors_serviced s join public.postcodes p on p.id = s.postcode_id
                       where s.vendor_id = v.id
                       group by p.city_id order by count(*) desc, p.city_id limit 200) sp
                 join public.cities sc on sc.id = sp.city_id
                 where sc.latitude is not null), '[]'::jsonb))
             order by v.id)
      from public.vendors v
      join public.postcodes yp on yp.id = v.postcode_id
      join public.cities yc on yc.id = yp.city_id
      where v.id = any ((coalesce(p_vendor_ids, '{}'))[1:48]) and not v.hidden and yc.latitude is not null), '[]'::jsonb));
$$;

revoke execute on function public.area_map(text,text,bigint[]) from public;
grant execute on function public.area_map(text,text,bigint[]) to anon, authenticated, service_role;

-- supabase/functions/business_activity.sql
-- A listing's charts on /business, for an address that manages it (else null): per week (Monday,
-- UTC) of the last 26, the requests it received, the requests it quoted (first quotes), its
-- bookings, its median response hours and the median of the listings whose yard is in its city,
-- and of the requests it quoted that week how many were booked with it; read by the listing's
-- own indexes and its city's listings' answers.
create or replace function public.business_activity(p_email text, p_vendor_id bigint)
returns jsonb language sql stable security definer set search_path = '' as $$
  with listing as (
    select v.id, v.name, yp.city_id
    from public.vendor_managers m
    join public.vendors v on v.id = m.vendor_id
    left join public.postcodes yp on yp.id = v.postcode_id
    where m.email = lower(trim(coalesce(p_email, ''))) and m.vendor_id = p_vendor_id
  ), span as (
    select (date_trunc('week', now() at time zone 'UTC')::date - 175) as first_week
  ), bounds as (
    select first_week, first_week::timestamp at time zone 'UTC' as starts from span
  ), weeks as (
    select (b.first_week + 7 * g.n) as week from bounds b cross join generate_series(0, 25) g(n)
  ), received as (
    select date_trunc('week', r.completed_at at time zone 'UTC')::date as week, count(*) as n
    from listing l cross join bounds b
    join public.lead_recipients r on r.vendor_id = l.id
    where r.completed_at >= b.starts and not r.spam
    group by 1
  ), quoted as (
    select date_trunc('week', q.created_at at time zone 'UTC')::date as week, count(*) as n,
           count(*) filter (where exists (select 1 from public.bookings k where k.lead_id = q.lead_id and k.vendor_id = q.vendor_id)) as won
    from listing l cross join bounds b
    join public.quotes q on q.vendor_id = l.id
    where q.created_at >= b.starts and q.revision = 1
    group by 1
  ), booked as (
    select date_trunc('week', k.booked_at at time zone 'UTC')::date as week, count(*) as n
    from listing l cross join bounds b
    join public.bookings k on k.vendor_id = l.id
    where k.booked_at >= b.starts
    group by 1
  ), own_hours as (
    select date_trunc('week', r.responded_at at time zone 'UTC')::date as week,
           round((percentile_cont(0.5) within group (order by extract(epoch from r.responded_at - r.emailed_at) / 3600))::numeric, 1) as hours
    from listing l cross join bounds b
    join public.lead_recipients r on r.vendor_id = l.id
    where r.responded_at >= b.starts and r.emailed_at is not null
    group by 1
  ), city_hours as (
    select date_trunc('week', r.responded_at at time zone 'UTC')::date as week,
           round((percentile_cont(0.5) within group (order by extract(epoch from r.responded_at - r.emailed_at) / 3600))::numeric, 1) as hours
    from listing l cross join bounds b
    join public.postcodes p on p.city_id = l.city_id
    join public.vendors v on v.postcode_id = p.id
    join public.lead_recipients r on r.vendor_id = v.id
    where r.responded_at >= b.starts and r.emailed_at is not null
    group by 1
  )
  select jsonb_build_object('vendor_id', l.id, 'name', l.name,
    'weeks', (select jsonb_agg(jsonb_build_object('week', w.week, 'requests', coalesce(rc.n, 0), 'quotes', coalesce(qu.n, 0),
                'won', coalesce(qu.won, 0), 'bookings', coalesce(bk.n, 0), 'response_hours', oh.hours, 'city_hours', ch.hours)
                order by w.week)
              from weeks w
              left join received rc on rc.week = w.week
              left join quoted qu on qu.week = w.week
              left join booked bk on bk.week = w.week
              left join own_hours oh on oh.week = w.week
              left join city_hours ch on ch.week = w.week))
  from listing l;
$$;

revoke execute on function public.business_activity(text,bigint) from public, anon, authenticated;
grant execute on function public.business_activity(text,bigint) to service_role;

-- supabase/functions/count_site_weeks.sql
-- The timed round's job for the console's charts: counts one of the last 26 weeks (Monday, UTC)
-- that has not been counted since it ended, or the week in progress when its count is over 10
-- minutes old, the oldest first; returns the week counted, or null when none was due (or another
-- instance is counting). Each call reads one week's rows by their indexes.
create or replace function public.count_site_weeks()
returns date language plpgsql security definer set search_path = '' as $$
declare
  this_week date := date_trunc('week', now() at time zone 'UTC')::date;
  due date;
  starts timestamptz;
  ends timestamptz;
begin
  if not pg_try_advisory_xact_lock(hashtext('public.count_site_weeks')) then
    return null;
  end if;
  select w.week into due
  from generate_series(this_week - 175, this_week, interval '7 days') g(at)
  cross join lateral (select g.at::date as week) w
  left join private.site_weeks s on s.week = w.week
  where s.week is null
     or (w.week < this_week and s.counted_at < (w.week + 7)::timestamp at time zone 'UTC')
     or (w.week = this_week and s.counted_at < now() - interval '10 minutes')
  order by w.week
  limit 1;
  if due is null then
    return null;
  end if;
  starts := due::timestamp at time zone 'UTC';
  ends := (due + 7)::timestamp at time zone 'UTC';
  insert into private.site_weeks as s (week, requests, quotes, bookings, cancellations, responses, response_hours, counted_at)
  select due,
    (select count(*) from public.leads l where l.completed and l.completed_at >= starts and l.completed_at < ends),
    (select count(*) from public.quotes q where q.revision = 1 and q.created_at >= starts and q.created_at < ends),
    (select count(*) from public.bookings b where b.booked_at >= starts and b.booked_at < ends),
    (select count(*) from public.bookings b where b.cancelled_at >= starts and b.cancelled_at < ends),
    r.responses, r.hours, now()
  from (select count(*) as responses,
               round((percentile_cont(0.5) within group (order by extract(epoch from x.responded_at - x.emailed_at) / 3600))::numeric, 1) as hours
        from public.lead_recipients x
        where x.responded_at >= starts and x.responded_at < ends and x.emailed_at is not null) r
  on conflict (week) do update set requests = excluded.requests, quotes = excluded.quotes, bookings = excluded.bookings,
    cancellations = excluded.cancellations, responses = excluded.responses, response_hours = excluded.response_hours,
    counted_at = excluded.counted_at;
  delete from private.site_week_zips z where z.week = due;
  insert into private.site_week_zips (week, postcode_id, requests)
  select due, p.id, count(*)
  from public.leads l join public.postcodes p on p.code = l.location
  where l.completed and l.no_recipients and l.completed_at >= starts and l.completed_at < ends
  group by p.id;
  delete from private.site_weeks s where s.week < this_week - 175;
  return due;
end;
$$;

revoke execute on function public.count_site_weeks() from public, anon, authenticated;
grant execute on function public.count_site_weeks() to service_role;

-- supabase/functions/nearest_zip.sql
-- "Use my location": the ZIP code nearest a position, as the directory places ZIP codes (at
-- their city's point), with its miles; null when no city the directory knows lies within
-- 60 miles. Cities come from the box around the position, by the index on their coordinates.
create or replace function public.nearest_zip(p_latitude double precision, p_longitude double precision)
returns jsonb language sql stable set search_path = '' as $$
  select jsonb_build_object('zip', x.code, 'miles', round(x.miles::numeric, 1))
  from (
    select (select min(p.code) from public.postcodes p where p.city_id = c.id) as code,
           public.distance_miles(p_latitude, p_longitude, c.latitude, c.longitude) as miles
    from public.cities c
    where p_latitude between -90 and 90 and p_longitude between -180 and 180
      and c.latitude between p_latitude - 60 / 69.0 and p_latitude + 60 / 69.0
      and c.longitude between p_longitude - 60 / (69.0 * greatest(cos(radians(p_latitude)), 0.01))
                          and p_longitude + 60 / (69.0 * greatest(cos(radians(p_latitude)), 0.01))
      and exists (select 1 from public.postcodes p where p.city_id = c.id)
    order by 2, c.id
    limit 1) x
  where x.miles <= 60;
$$;

revoke execute on function public.nearest_zip(double precision,double precision) from public;
grant execute on function public.nearest_zip(double precision,double precision) to anon, authenticated, service_role;

-- supabase/functions/operator_activity.sql
-- The console's charts: the last 26 weeks as count_site_weeks counted them (weeks not counted yet
-- are missing), and the 300 job-site ZIP codes where most requests found no vendor in them, with
-- their city's point.
create or replace function public.operator_activity()
returns jsonb language sql stable security definer set search_path = '' as $$
  select jsonb_build_object(
    'weeks', coalesce((select jsonb_agg(jsonb_build_object('week', s.week, 'requests', s.requests, 'quotes', s.quotes,
                         'bookings', s.bookings, 'cancellations', s.cancellations, 'responses', s.responses,
                         'response_hours', s.response_hours) order by s.week)
                       from private.site_weeks s
                       where s.week > date_trunc('week', now() at time zone 'UTC')::date - 182), '[]'::jsonb),
    'unanswered', coalesce((select jsonb_agg(jsonb_build_object('zip', p.code, 'city_name', c.name, 'state_code', st.code,
                              'lat', c.latitude, 'lng', c.longitude, 'requests', z.requests) order by z.requests desc, p.code)
                            from (select z.postcode_id, sum(z.requests)::int as requests from private.site_week_zips z
                                  where z.week > date_trunc('week', now() at time zone 'UTC')::date - 182
                                  group by 1 order by 2 desc, 1 limit 300) z
                            join public.postcodes p on p.id = z.postcode_id
                            join public.cities c on c.id = p.city_id
                            join public.states st on st.id = c.state_id), '[]'::jsonb));
$$;

revoke execute on function public.operator_activity() from public, anon, authenticated;
grant execute on function public.operator_activity() to service_role;

-- supabase/functions/state_map.sql
-- A state's map: its cities with vendors that have coordinates, the 80 with the most vendors
-- (a dot each, sized by the count; the page's list names them all).
create or replace function public.state_map(p_state_slug text)
returns jsonb language sql stable set search_path = '' as $$
  select coalesce(jsonb_agg(jsonb_build_object('slug', x.slug, 'name', x.name, 'count', x.vendor_count,
                                               'lat', x.latitude, 'lng', x.longitude)
                            order by x.vendor_count desc, x.name), '[]'::jsonb)
  from (select c.slug, c.name, c.vendor_count, c.latitude, c.longitude
        from public.states st
        join public.cities c on c.state_id = st.id
        where st.country_id = 1 and st.slug = lower(p_state_slug) and c.vendor_count > 0 and c.latitude is not null
        order by c.vendor_count desc, c.name
        limit 80) x;
$$;

revoke execute on function public.state_map(text) from public;
grant execute on function public.state_map(text) to anon, authenticated, service_role;

-- supabase/functions/vendor_delivers_to.sql
-- "Does it deliver to my ZIP?" on a listing's page: null for an unknown or hidden listing;
-- {known: false} for a ZIP code the directory does not know; else where the ZIP is (its city),
-- its straight-line miles from the listing's yard, and the answer: 'serves' when the ZIP is in
-- the listing's service area, 'delivery_range' when it is not but lies within the miles its
-- published delivery fee covers, else 'no'.
create or replace function public.vendor_delivers_to(p_vendor_id bigint, p_zip text)
returns jsonb language sql stable set search_path = '' as $$
  select case when jp.id is null then jsonb_build_object('known', false) else jsonb_build_object(
    'known', true, 'zip', jp.code, 'city_name', jc.name, 'state_code', js.code,
    'miles', round(public.distance_miles(yc.latitude, yc.longitude, jc.latitude, jc.longitude)::numeric, 1),
    'delivery_miles', case when r.published then r.delivery_miles end,
    'answer', case
      when exists (select 1 from public.vendors_serviced s where s.vendor_id = v.id and s.postcode_id = jp.id) then 'serves'
      when r.published and r.delivery_miles is not null
           and public.distance_miles(yc.latitude, yc.longitude, jc.latitude, jc.longitude) <= r.delivery_miles then 'delivery_range'
      else 'no' end) end
  from public.vendors v
  join public.postcodes yp on yp.id = v.postcode_id
  join public.cities yc on yc.id = yp.city_id
  left join public.rate_cards r on r.vendor_id = v.id
  left join public.postcodes jp on jp.code = p_zip
  left join public.cities jc on jc.id = jp.city_id
  left join public.states js on js.id = jc.state_id
  where v.id = p_vendor_id and not v.hidden;
$$;

revoke execute on function public.vendor_delivers_to(bigint,text) from public;
grant execute on function public.vendor_delivers_to(bigint,text) to anon, authenticated, service_role;

-- supabase/functions/vendors_nearest.sql
-- The listings nearest a ZIP code, by the straight-line miles from their yard (the ZIP placed
-- at its city's point), nearest first and at most 100 miles away, p_limit of them (at most 48)
-- as cards with their miles and whether the ZIP is in their service area; null for a ZIP the
-- directory does not know. Cities are taken ring by ring out of the box around the ZIP, by the
-- index on their coordinates, until enough listings are found.
create or replace function public.vendors_nearest(p_zip text, p_limit int default 24)
returns jsonb language plpgsql stable set search_path = '' as $$
declare
  job record;
  wanted int := least(greatest(coalesce(p_limit, 24), 1), 48);
  ids bigint[] := '{}';
  miles numeric[] := '{}';
  ring record;
  found_ids bigint[];
  found_miles numeric[];
begin
  select p.id, p.code, c.name, c.latitude as lat, c.longitude as lng, st.code as state_code, st.slug as state_slug, c.slug as city_slug
  into job
  from public.postcodes p join public.cities c on c.id = p.city_id join public.states st on st.id = c.state_id
  where p.code = p_zip;
  if job.id is null then
    return null;
  end if;
  for ring in
    select round(public.distance_miles(job.lat, job.lng, c.latitude, c.longitude)::numeric, 1) as m, array_agg(c.id) as city_ids
    from public.cities c
    where c.latitude between job.lat - 100 / 69.0 and job.lat + 100 / 69.0
      and c.longitude between job.lng - 100 / (69.0 * greatest(cos(radians(job.lat)), 0.01))
                          and job.lng + 100 / (69.0 * greatest(cos(radians(job.lat)), 0.01))
      and c.vendor_count > 0
      and public.distance_miles(job.lat, job.lng, c.latitude, c.longitude) <= 100
    group by 1
    order by 1
  loop
    exit when coalesce(array_length(ids, 1), 0) >= wanted;
    select array_agg(x.id order by x.rank), array_agg(ring.m order by x.rank) into found_ids, found_miles
    from (select v.id, row_number() over (order by v.review_count desc, v.rating desc nulls last, v.name, v.id) as rank
          from public.postcodes p join public.vendors v on v.postcode_id = p.id
          where p.city_id = any (ring.city_ids) and not v.hidden
          order by v.review_count desc, v.rating desc nulls last, v.name, v.id
          limit wanted - coalesce(array_length(ids, 1), 0)) x;
    if found_ids is not null then
      ids := ids || found_ids;
      miles := miles || found_miles;
    end if;
  end loop;
  return jsonb_build_object(
    'zip', job.code, 'city_name', job.name, 'state_code', job.state_code, 'state_slug', job.state_slug, 'city_slug', job.city_slug,
    'vendors', coalesce((
      select jsonb_agg(jsonb_build_object('card', public.vendor_card(v), 'miles', u.m,
               'serves', exists (select 1 from public.vendors_serviced s where s.vendor_id = v.id and s.postcode_id = job.id))
             order by u.n)
      from unnest(ids, miles) with ordinality u(id, m, n)
      join public.vendors v on v.id = u.id), '[]'::jsonb));
end;
$$;

revoke execute on function public.vendors_nearest(text,integer) from public;
grant execute on function public.vendors_nearest(text,integer) to anon, authenticated, service_role;
