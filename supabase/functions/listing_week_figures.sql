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
