-- A listing's charts on /business, for an address that manages it (else null): per week (Monday,
-- UTC) of the last 26, the requests it received, the requests it quoted (first quotes), its
-- bookings, its median response hours and the median of the listings whose yard is in its city
-- (when 5 or more of them answered that week), and of the requests it quoted that week how many
-- were booked with it; read by the listing's
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
  ), won as (
    -- The requests booked with it since the first week (a booking follows its quote), looked up as a set.
    select k.lead_id from listing l cross join bounds b
    join public.bookings k on k.vendor_id = l.id
    where k.booked_at >= b.starts
  ), quoted as (
    select date_trunc('week', q.created_at at time zone 'UTC')::date as week, count(*) as n,
           count(*) filter (where q.lead_id in (select w.lead_id from won w)) as won
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
    -- A median of fewer listings would tell a business its few neighbours' own times.
    having count(distinct r.vendor_id) >= 5
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
