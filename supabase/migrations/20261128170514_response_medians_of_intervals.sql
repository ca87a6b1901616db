-- Written by npm run db:migration from supabase/functions/ (edit those files, not this one).

-- supabase/functions/listing_week_figures.sql
-- A listing's figures per week (Monday, UTC) for the weeks from p_from to before p_to: the requests
-- it received, the requests it quoted (first quotes), its bookings, its median hours from a request's email to its first response, and the median
-- of the listings whose yard is in its city when 5 or more of them answered that week (fewer would
-- tell a business its few neighbours' own times). Weeks without any are left out. Read by the
-- listing's own indexes, its city's counted weeks and, for weeks not counted yet, its city's
-- listings' answers.
create or replace function private.listing_week_figures(p_vendor_id bigint, p_from date, p_to date)
returns table (week date, requests int, quotes int, bookings int, response_hours numeric, city_hours numeric)
language sql stable security definer set search_path = '' as $$
  with bounds as (
    select p_from::timestamp at time zone 'UTC' as starts, p_to::timestamp at time zone 'UTC' as ends,
           (select yp.city_id from public.vendors v join public.postcodes yp on yp.id = v.postcode_id where v.id = p_vendor_id) as city_id
  ), received as (
    select date_trunc('week', r.completed_at at time zone 'UTC')::date as week, count(*)::int as n
    from bounds b join public.lead_recipients r on r.vendor_id = p_vendor_id
    where r.completed_at >= b.starts and r.completed_at < b.ends and not r.spam
    group by 1
  ), quoted as (
    select date_trunc('week', q.created_at at time zone 'UTC')::date as week, count(*)::int as n
    from bounds b join public.quotes q on q.vendor_id = p_vendor_id
    where q.created_at >= b.starts and q.created_at < b.ends and q.revision = 1
    group by 1
  ), booked as (
    select date_trunc('week', k.booked_at at time zone 'UTC')::date as week, count(*)::int as n
    from bounds b join public.bookings k on k.vendor_id = p_vendor_id
    where k.booked_at >= b.starts and k.booked_at < b.ends
    group by 1
  ), own_hours as (
    select date_trunc('week', r.responded_at at time zone 'UTC')::date as week,
           round(extract(epoch from percentile_cont(0.5) within group (order by r.responded_at - r.emailed_at)) / 3600, 1) as hours
    from bounds b join public.lead_recipients r on r.vendor_id = p_vendor_id
    where r.responded_at >= b.starts and r.responded_at < b.ends and r.emailed_at is not null
    group by 1
  ), live as (
    -- The city's median is read from private.city_weeks for the weeks whose cities were counted
    -- an hour after they ended (count_city_weeks), and from its listings' answers from the first
    -- week not counted on (in a running site, the week in progress).
    select coalesce(min(g.week), p_to) as from_week
    from (select d::date as week from generate_series(p_from::timestamp, (p_to - 7)::timestamp, interval '7 days') d) g
    left join private.site_weeks s on s.week = g.week
    where s.cities_counted_at is null or s.cities_counted_at < (g.week + 7)::timestamp at time zone 'UTC' + interval '1 hour'
  ), city_hours as (
    select c.week, c.hours
    from bounds b cross join live
    join private.city_weeks c on c.city_id = b.city_id and c.week >= p_from and c.week < live.from_week
    union all
    select date_trunc('week', r.responded_at at time zone 'UTC')::date as week,
           round(extract(epoch from percentile_cont(0.5) within group (order by r.responded_at - r.emailed_at)) / 3600, 1) as hours
    from bounds b cross join live
    join public.postcodes p on p.city_id = b.city_id
    join public.vendors v on v.postcode_id = p.id
    join public.lead_recipients r on r.vendor_id = v.id
    where r.responded_at >= live.from_week::timestamp at time zone 'UTC' and r.responded_at < b.ends and r.emailed_at is not null
    group by 1
    having count(distinct r.vendor_id) >= 5
  )
  select w.week, coalesce(rc.n, 0), coalesce(qu.n, 0), coalesce(bk.n, 0), oh.hours, ch.hours
  from (select week from received union select week from quoted union select week from booked
        union select week from own_hours union select week from city_hours) w
  left join received rc on rc.week = w.week
  left join quoted qu on qu.week = w.week
  left join booked bk on bk.week = w.week
  left join own_hours oh on oh.week = w.week
  left join city_hours ch on ch.week = w.week;
$$;

revoke execute on function private.listing_week_figures(bigint,date,date) from public, anon, authenticated;

-- supabase/functions/count_city_weeks.sql
-- The timed round's job for the /business charts: counts the cities of one of the last 26 weeks
-- (Monday, UTC) that ended over an hour ago and whose cities were not counted since, the oldest
-- first, once the site's count has that week (count_site_weeks); returns the week counted, or null
-- when none was due (or another instance is counting). A city's week holds the median hours from a
-- request's email to the first response of the listings whose yard is in the city, where 5 or more
-- of them answered. An answer takes the time its transaction started, so the hour lets the last
-- ones of the week commit; after it, the week's answers no longer change. Each call reads one
-- week's answers by their index, and their listings' yards by vendors_yard_idx.
create or replace function public.count_city_weeks()
returns date language plpgsql security definer set search_path = '' as $$
declare
  this_week date := date_trunc('week', now() at time zone 'UTC')::date;
  due date;
begin
  if not pg_try_advisory_xact_lock(hashtext('public.count_city_weeks')) then
    return null;
  end if;
  select s.week into due
  from private.site_weeks s
  where s.week >= this_week - 175 and (s.week + 7)::timestamp at time zone 'UTC' + interval '1 hour' <= now()
    and (s.cities_counted_at is null or s.cities_counted_at < (s.week + 7)::timestamp at time zone 'UTC' + interval '1 hour')
  order by s.week
  limit 1;
  if due is null then
    return null;
  end if;
  delete from private.city_weeks c where c.week = due;
  insert into private.city_weeks (city_id, week, hours)
  select p.city_id, due,
         round(extract(epoch from percentile_cont(0.5) within group (order by x.responded_at - x.emailed_at)) / 3600, 1)
  from public.lead_recipients x
  join public.vendors v on v.id = x.vendor_id
  join public.postcodes p on p.id = v.postcode_id
  where x.responded_at >= due::timestamp at time zone 'UTC' and x.responded_at < (due + 7)::timestamp at time zone 'UTC'
    and x.emailed_at is not null
  group by p.city_id
  having count(distinct x.vendor_id) >= 5;
  update private.site_weeks s set cities_counted_at = now() where s.week = due;
  delete from private.city_weeks c where c.week < this_week - 175;
  return due;
end;
$$;

revoke execute on function public.count_city_weeks() from public, anon, authenticated;
grant execute on function public.count_city_weeks() to service_role;

-- supabase/functions/count_site_weeks.sql
-- The timed round's job for the console's charts: counts one of the last 26 weeks (Monday, UTC)
-- that has not been counted since an hour after it ended, or the week in progress (until that hour
-- has passed) when its count is over 10 minutes old, the oldest first; returns the week counted,
-- or null when none was due (or another instance is counting). A row takes the time its
-- transaction started, so the hour lets the week's last ones commit before its final count. Each
-- call reads one week's rows by their indexes.
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
     or ((w.week + 7)::timestamp at time zone 'UTC' + interval '1 hour' <= now()
         and s.counted_at < (w.week + 7)::timestamp at time zone 'UTC' + interval '1 hour')
     or ((w.week + 7)::timestamp at time zone 'UTC' + interval '1 hour' > now() and s.counted_at < now() - interval '10 minutes')
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
               round(extract(epoch from percentile_cont(0.5) within group (order by x.responded_at - x.emailed_at)) / 3600, 1) as hours
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

-- supabase/functions/vendor_responses.sql
-- How quickly vendors answer: for each vendor of p_vendor_ids with at least 3 leads in the
-- last 90 days marked contacted or quoted, the median hours from the email being sent to
-- that first response, rounded up, and how many leads it rests on. Read from the recipients'
-- answers alone (each holds when its email was sent: recipient_emailed_at), so a busy vendor's
-- answer costs no more than a quiet one's. Only the aggregate leaves: it reads private tables as
-- its owner, so it lives in the schema the API does not expose and is reached only through the
-- public pages' functions.
create or replace function private.vendor_responses(p_vendor_ids bigint[])
returns table (vendor_id bigint, hours int, count bigint) language sql stable security definer set search_path = '' as $$
  select r.vendor_id,
    greatest(ceil(extract(epoch from percentile_cont(0.5) within group (order by r.responded_at - r.emailed_at)) / 3600), 1)::int,
    count(*)
  from (select distinct u.id from unnest(p_vendor_ids) u(id)) ids
  join public.lead_recipients r on r.vendor_id = ids.id
  where r.responded_at > now() - interval '90 days' and r.responded_at >= r.emailed_at
  group by r.vendor_id
  having count(*) >= 3;
$$;

revoke execute on function private.vendor_responses(bigint[]) from public;
grant execute on function private.vendor_responses(bigint[]) to anon, authenticated, service_role;
