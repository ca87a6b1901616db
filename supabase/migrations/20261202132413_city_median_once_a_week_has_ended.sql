-- Written by npm run db:migration from supabase/functions/ (edit those files, not this one).

-- supabase/functions/listing_week_figures.sql
-- A listing's figures per week (Monday, UTC) for the weeks from p_from to before p_to: the requests
-- it received, the requests it quoted (first quotes), its bookings, its median hours from a request's
-- email to its first response, and the median of the listings whose yard is in its city when 5 or
-- more of them answered that week (fewer would tell a business its few neighbours' own times), once
-- the week's cities are counted (an hour after it ends, count_city_weeks): none for the week in
-- progress, whose city's answers would be read listing by listing, more as the city grows. Weeks
-- without any are left out. Read by the listing's own indexes and its city's counted weeks. Rows are
-- grouped by their 7-day bin from a Monday (2001-01-01, UTC), which starts on their week's Monday:
-- cheaper than turning each row's time into a date, a busy listing's week holding thousands of them.
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
  ), city_hours as (
    select c.week, c.hours
    from bounds b
    join private.city_weeks c on c.city_id = b.city_id and c.week >= p_from and c.week < p_to
    join private.site_weeks s on s.week = c.week
    where private.week_cities_counted(s.week, s.cities_counted_at)
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
