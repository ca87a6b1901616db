-- The timed round's job for the console's charts: counts one of the last 26 weeks (Monday, UTC)
-- that has not been counted since an hour after it ended, or the week in progress (until that hour
-- has passed) when its count is over 10 minutes old, the oldest first; returns the week counted,
-- or null when none was due (or another instance is counting). A row takes the time its
-- transaction started, so the hour lets the week's last ones commit before its final count. Each
-- call reads one week's rows by their indexes, replaces the week's job-site ZIP codes and deletes
-- the figures of weeks past the 26 (private.site_week_zips has no keys to cascade through).
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
  delete from private.site_week_zips z where z.week < this_week - 175;
  return due;
end;
$$;

revoke execute on function public.count_site_weeks() from public, anon, authenticated;
grant execute on function public.count_site_weeks() to service_role;
