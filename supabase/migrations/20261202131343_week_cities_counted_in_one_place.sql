-- Written by npm run db:migration from supabase/functions/ (edit those files, not this one).

-- supabase/functions/week_cities_counted.sql
-- Whether a week's (Monday, UTC) cities are counted for good: counted an hour or more after the
-- week ended (count_city_weeks), once its last answers have committed; until then a city's median
-- may still change. False for a week never counted.
create or replace function private.week_cities_counted(p_week date, p_counted_at timestamptz)
returns boolean language sql immutable set search_path = '' as $$
  select coalesce(p_counted_at >= (p_week + 7)::timestamp at time zone 'UTC' + interval '1 hour', false);
$$;
revoke execute on function private.week_cities_counted(date,timestamptz) from public, anon, authenticated;

-- supabase/functions/listing_week_figures.sql
-- A listing's figures per week (Monday, UTC) for the weeks from p_from to before p_to: the requests
-- it received, the requests it quoted (first quotes), its bookings, its median hours from a request's email to its first response, and the median
-- of the listings whose yard is in its city when 5 or more of them answered that week (fewer would
-- tell a business its few neighbours' own times). Weeks without any are left out. Read by the
-- listing's own indexes, its city's counted weeks and, for weeks not counted yet, its city's
-- listings' answers. Rows are grouped by their 7-day bin from a Monday (2001-01-01, UTC), which
-- starts on their week's Monday: cheaper than turning each row's time into a date, a busy
-- listing's week holding thousands of them.
create or replace function private.listing_week_figures(p_vendor_id bigint, p_from date, p_to date)
returns table (week date, requests int, quotes int, bookings int, response_hours numeric, city_hours numeric)
language sql stable security definer set search_path = '' as $$
  with bounds as (
    select p_from::timestamp at time zone 'UTC' as starts, p_to::timestamp at time zone 'UTC' as ends,
           timestamptz '2001-01-01 00:00:00+00' as monday,
           (select yp.city_id from public.vendors v join public.postcodes yp on yp.id = v.postcode_id where v.id = p_vendor_id) as city_id
  ), received as (
    select (date_bin('7 days', r.completed_at, b.monday) at time zone 'UTC')::date as week, count(*)::int as n
    from bounds b join public.lead_recipients r on r.vendor_id = p_vendor_id
    where r.completed_at >= b.starts and r.completed_at < b.ends and not r.spam
    group by date_bin('7 days', r.completed_at, b.monday)
  ), quoted as (
    select (date_bin('7 days', q.created_at, b.monday) at time zone 'UTC')::date as week, count(*)::int as n
    from bounds b join public.quotes q on q.vendor_id = p_vendor_id
    where q.created_at >= b.starts and q.created_at < b.ends and q.revision = 1
    group by date_bin('7 days', q.created_at, b.monday)
  ), booked as (
    select (date_bin('7 days', k.booked_at, b.monday) at time zone 'UTC')::date as week, count(*)::int as n
    from bounds b join public.bookings k on k.vendor_id = p_vendor_id
    where k.booked_at >= b.starts and k.booked_at < b.ends
    group by date_bin('7 days', k.booked_at, b.monday)
  ), own_hours as (
    select (date_bin('7 days', r.responded_at, b.monday) at time zone 'UTC')::date as week,
           round(extract(epoch from percentile_cont(0.5) within group (order by r.responded_at - r.emailed_at)) / 3600, 1) as hours
    from bounds b join public.lead_recipients r on r.vendor_id = p_vendor_id
    where r.responded_at >= b.starts and r.responded_at < b.ends and r.emailed_at is not null
    group by date_bin('7 days', r.responded_at, b.monday)
  ), live as (
    -- The city's median is read from private.city_weeks for the weeks whose cities were counted
    -- an hour after they ended (count_city_weeks), and from its listings' answers from the first
    -- week not counted on (in a running site, the week in progress).
    select coalesce(min(g.week), p_to) as from_week
    from (select d::date as week from generate_series(p_from::timestamp, (p_to - 7)::timestamp, interval '7 days') d) g
    left join private.site_weeks s on s.week = g.week
    where not private.week_cities_counted(g.week, s.cities_counted_at)
  ), city_hours as (
    select c.week, c.hours
    from bounds b cross join live
    join private.city_weeks c on c.city_id = b.city_id and c.week >= p_from and c.week < live.from_week
    union all
    select (date_bin('7 days', r.responded_at, b.monday) at time zone 'UTC')::date as week,
           round(extract(epoch from percentile_cont(0.5) within group (order by r.responded_at - r.emailed_at)) / 3600, 1) as hours
    from bounds b cross join live
    join public.postcodes p on p.city_id = b.city_id
    join public.vendors v on v.postcode_id = p.id
    join public.lead_recipients r on r.vendor_id = v.id
    where r.responded_at >= live.from_week::timestamp at time zone 'UTC' and r.responded_at < b.ends and r.emailed_at is not null
      -- Checked once, before any listing is read: a settled week kept by the round has every
      -- week counted, and would otherwise look up each of a big city's listings for nothing.
      and (select l.from_week from live l) < p_to
    group by date_bin('7 days', r.responded_at, b.monday)
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

-- supabase/functions/business_activity.sql
-- A listing's charts on /business, for an address that manages it (else null): its figures for
-- each of the last 26 weeks (Monday, UTC; listing_week_figures), and of the requests it quoted each
-- week how many are booked with it now. A week is settled once it has ended: the timed round keeps
-- it in private.listing_weeks once its cities are counted, an hour after its end (keep_listing_weeks;
-- a request marked spam later stays counted there). A view reads the week in progress from the
-- listing's rows, and the week before too until the round has kept it; an earlier settled week not
-- kept yet shows as being counted ('counting') and queues the listing for it. The wins (a quote may
-- be revised and booked until the rental starts) are read anew on each view: from its bookings,
-- each with its request's first quote.
create or replace function public.business_activity(p_email text, p_vendor_id bigint)
returns jsonb language plpgsql security definer set search_path = '' as $$
declare
  listing record;
  this_week date := date_trunc('week', now() at time zone 'UTC')::date;
  first_week date := date_trunc('week', now() at time zone 'UTC')::date - 175;
  live_from date;
  kept int;
  last_week_kept boolean;
begin
  select v.id, v.name into listing
  from public.vendor_managers m join public.vendors v on v.id = m.vendor_id
  where m.email = lower(trim(coalesce(p_email, ''))) and m.vendor_id = p_vendor_id;
  if listing.id is null then
    return null;
  end if;
  select count(*), coalesce(bool_or(k.week = this_week - 7), false) into kept, last_week_kept
  from private.listing_weeks k where k.vendor_id = listing.id and k.week >= first_week and k.week < this_week;
  live_from := case when last_week_kept then this_week else this_week - 7 end;
  if kept < 25 then
    insert into private.listing_weeks_due (vendor_id) values (listing.id) on conflict do nothing;
  end if;
  return jsonb_build_object('vendor_id', listing.id, 'name', listing.name,
    'weeks', (select jsonb_agg(jsonb_build_object('week', g.week, 'requests', coalesce(x.requests, 0), 'quotes', coalesce(x.quotes, 0),
                'won', coalesce(w.won, 0), 'bookings', coalesce(x.bookings, 0), 'response_hours', x.response_hours,
                'city_hours', x.city_hours, 'counting', g.week < live_from and x.week is null) order by g.week)
              from (select (first_week + 7 * n) as week from generate_series(0, 25) n) g
              left join (select k.week, k.requests, k.quotes, k.bookings, k.response_hours, k.city_hours
                         from private.listing_weeks k where k.vendor_id = listing.id and k.week >= first_week and k.week < live_from
                         union all
                         select f.week, f.requests, f.quotes, f.bookings, f.response_hours, f.city_hours
                         from private.listing_week_figures(listing.id, live_from, this_week + 7) f) x on x.week = g.week
              left join (select date_trunc('week', q.created_at at time zone 'UTC')::date as week, count(*) as won
                         from public.bookings k
                         join public.quotes q on q.lead_id = k.lead_id and q.vendor_id = k.vendor_id and q.revision = 1
                         where k.vendor_id = listing.id and k.booked_at >= first_week::timestamp at time zone 'UTC'
                           and q.created_at >= first_week::timestamp at time zone 'UTC'
                         group by 1) w on w.week = g.week));
end;
$$;

revoke execute on function public.business_activity(text,bigint) from public, anon, authenticated;
grant execute on function public.business_activity(text,bigint) to service_role;

-- supabase/functions/count_city_weeks.sql
-- The timed round's job for the /business charts: counts the cities of one of the last 26 weeks
-- (Monday, UTC) that ended over an hour ago and whose cities were not counted since, the oldest
-- first, once the site's count has that week (count_site_weeks); returns the week worked on, or
-- null when none was due (or another instance is counting). A city's week holds the median hours
-- from a request's email to the first response of the listings whose yard is in the city, where 5
-- or more of them answered. An answer takes the time its transaction started, so the hour lets the
-- last ones of the week commit; after it, the week's answers no longer change.
-- A week's answers are first copied with their listing's city to private.city_week_answers, p_slice
-- at a time in the order they came, then taken out of the copy a slice of cities at a time (in
-- order of id), each city's median counted from them; one step per call, but a week of up to
-- p_slice answers is copied and counted in one call. So a call reads about p_slice answers, more
-- only for the answers of one instant or of one city, which are never split. A listing that moves
-- to another city while its week is copied counts in both that week. The copy holds one week: a
-- week's first call empties it, and a week whose copy that empties (an older week came due again
-- before it was counted) is copied again from its start.
create or replace function public.count_city_weeks(p_slice int default 100)
returns date language plpgsql security definer set search_path = '' as $$
declare
  slice constant int := least(greatest(coalesce(p_slice, 100), 1), 1000000);
  this_week date := date_trunc('week', now() at time zone 'UTC')::date;
  due private.site_weeks;
  starts timestamptz;
  ends timestamptz;
  upto timestamptz;
  next_city bigint;
  last_city bigint;
begin
  if not pg_try_advisory_xact_lock(hashtext('public.count_city_weeks')) then
    return null;
  end if;
  delete from private.city_weeks c where c.week < this_week - 175;
  delete from private.city_week_answers a where a.week < this_week - 175;
  select * into due
  from private.site_weeks s
  where s.week >= this_week - 175 and (s.week + 7)::timestamp at time zone 'UTC' + interval '1 hour' <= now()
    and not private.week_cities_counted(s.week, s.cities_counted_at)
  order by s.week
  limit 1;
  if due.week is null then
    return null;
  end if;
  starts := due.week::timestamp at time zone 'UTC';
  ends := (due.week + 7)::timestamp at time zone 'UTC';

  if due.cities_staged_to is null then
    delete from private.city_weeks c where c.week = due.week;
    -- Emptied whole, so that the space of the weeks counted before is not read again (rows
    -- deleted one by one leave it until a vacuum); row by row when another session reads the
    -- copy (a dump), rather than wait for it.
    begin
      lock table private.city_week_answers in access exclusive mode nowait;
      truncate private.city_week_answers;
    exception when lock_not_available or object_in_use then
      delete from private.city_week_answers;
    end;
    update private.site_weeks s set cities_staged_to = null where s.cities_staged_to is not null and s.week <> due.week;
    due.cities_staged_to := starts;
  end if;
  if due.cities_staged_to < ends then
    -- The next slice: the answers before the first one past it (all of an instant's, however many).
    select x.responded_at into upto
    from public.lead_recipients x
    where x.responded_at >= due.cities_staged_to and x.responded_at < ends and x.emailed_at is not null
    order by x.responded_at offset slice limit 1;
    if upto = due.cities_staged_to then
      select min(x.responded_at) into upto
      from public.lead_recipients x
      where x.responded_at > due.cities_staged_to and x.responded_at < ends and x.emailed_at is not null;
    end if;
    upto := coalesce(upto, ends);
    insert into private.city_week_answers (week, city_id, vendor_id, took)
    select due.week, p.city_id, x.vendor_id, x.responded_at - x.emailed_at
    from public.lead_recipients x
    join public.vendors v on v.id = x.vendor_id
    join public.postcodes p on p.id = v.postcode_id
    where x.responded_at >= due.cities_staged_to and x.responded_at < upto and x.emailed_at is not null;
    update private.site_weeks s set cities_staged_to = upto where s.week = due.week;
    -- A week whose answers this call copied all at once is counted in the same call.
    if due.cities_staged_to > starts or upto < ends then
      return due.week;
    end if;
  end if;

  -- The next slice of cities, taken out of the copy: those before the one past the slice's
  -- answers, or that one city alone when it has more; the week is counted when none is left.
  select min(a.city_id) into next_city from private.city_week_answers a where a.week = due.week;
  select a.city_id into last_city from private.city_week_answers a where a.week = due.week order by a.city_id offset slice limit 1;
  last_city := case when last_city = next_city then last_city else last_city - 1 end;
  with counted as (
    delete from private.city_week_answers a
    where a.week = due.week and (last_city is null or a.city_id <= last_city)
    returning a.city_id, a.vendor_id, a.took
  )
  insert into private.city_weeks (city_id, week, hours)
  select c.city_id, due.week, round(extract(epoch from percentile_cont(0.5) within group (order by c.took)) / 3600, 1)
  from counted c
  group by c.city_id
  having count(distinct c.vendor_id) >= 5;
  if last_city is null then
    update private.site_weeks s set cities_counted_at = now(), cities_staged_to = null where s.week = due.week;
  end if;
  return due.week;
end;
$$;

revoke execute on function public.count_city_weeks(int) from public, anon, authenticated;
grant execute on function public.count_city_weeks(int) to service_role;

-- supabase/functions/keep_listing_weeks.sql
-- The timed round's job for the /business charts, after the cities' weeks (whose medians a
-- listing's week shows) are counted: keeps the managed listings' settled weeks (every ended week of
-- the charts' 26) in private.listing_weeks, so that no charts view reads them. A week is kept only
-- once its cities are counted (an hour after it ends, or later on a busy site). Each call does one of:
-- - once last week's cities are counted, queues every managed listing to keep it
--   (private.listing_weeks_due), 1,000 listings per call after the last one queued
--   (site_weeks.listings_queued_after), and deletes up to 1,000 kept weeks past the charts' 26;
-- - keeps one settled week of the listing longest due, the newest missing first, and takes the
--   listing off the queue once none of its settled weeks whose cities are counted is missing (a
--   listing with none missing, such as one that got a second manager, leaves the queue on the way;
--   one queued in the hour after a week ended has its other weeks kept, and last week's with
--   every managed listing once its cities are counted).
-- Returns the week kept or queued for (last week after taking 100 listings off the queue without
-- keeping any), or null when nothing was due or another instance holds the week's queueing.
-- Instances take different listings: a queue row stays locked until the call commits.
create or replace function public.keep_listing_weeks()
returns date language plpgsql security definer set search_path = '' as $$
declare
  first_week date := date_trunc('week', now() at time zone 'UTC')::date - 175;
  newest date := date_trunc('week', now() at time zone 'UTC')::date - 7;
  queue record;
  last_queued bigint;
  slice int;
  due bigint;
  missing date;
  taken_off int := 0;
  counted date[];
begin
  select s.listings_queued_after, s.listings_queued_at into queue
  from private.site_weeks s
  where s.week = newest and s.listings_queued_at is null
    and private.week_cities_counted(s.week, s.cities_counted_at)
  for update skip locked;
  if found then
    with managed as (
      select distinct m.vendor_id from public.vendor_managers m
      where m.vendor_id > coalesce(queue.listings_queued_after, 0) order by 1 limit 1000
    ), queued as (
      -- A listing another instance is taking off the queue (its row locked, its counted weeks read
      -- before last week's were counted) is waited for and queued again, not skipped.
      insert into private.listing_weeks_due as d (vendor_id) select x.vendor_id from managed x order by 1
      on conflict (vendor_id) do update set due_at = d.due_at
    )
    select max(x.vendor_id), count(*) into last_queued, slice from managed x;
    -- Weeks past the charts' 26, of any listing (one that has no manager now is never queued).
    delete from private.listing_weeks k
    where (k.vendor_id, k.week) in (select x.vendor_id, x.week from private.listing_weeks x where x.week < first_week limit 1000);
    update private.site_weeks s
    set listings_queued_after = coalesce(last_queued, s.listings_queued_after), listings_queued_at = case when slice < 1000 then now() end
    where s.week = newest;
    return newest;
  end if;
  loop
    -- The listing's row first (as its deletion takes it before the queue's row), and neither waited for.
    select d.vendor_id into due from private.listing_weeks_due d join public.vendors v on v.id = d.vendor_id
    order by d.due_at, d.vendor_id limit 1
    for key share of v skip locked for update of d skip locked;
    if due is null then
      return null;
    end if;
    -- The settled weeks whose cities are counted, read once the listing is held (last week's may
    -- have been counted, and the listing queued for it, since the call began).
    counted := array(select s.week from private.site_weeks s
                     where s.week >= first_week and s.week <= newest
                       and private.week_cities_counted(s.week, s.cities_counted_at));
    select g.week into missing
    from unnest(counted) g(week)
    where not exists (select 1 from private.listing_weeks k where k.vendor_id = due and k.week = g.week)
    order by g.week desc
    limit 1;
    if missing is null then
      delete from private.listing_weeks_due d where d.vendor_id = due;
      taken_off := taken_off + 1;
      if taken_off = 100 then
        return newest;
      end if;
      continue;
    end if;
    insert into private.listing_weeks (vendor_id, week, requests, quotes, bookings, response_hours, city_hours)
    select due, missing, coalesce(f.requests, 0), coalesce(f.quotes, 0), coalesce(f.bookings, 0), f.response_hours, f.city_hours
    from (select 1) one
    left join private.listing_week_figures(due, missing, missing + 7) f on true
    on conflict do nothing;
    return missing;
  end loop;
end;
$$;

revoke execute on function public.keep_listing_weeks() from public, anon, authenticated;
grant execute on function public.keep_listing_weeks() to service_role;
