-- The timed round's job for the console's charts: works on one of the last 26 weeks (Monday, UTC)
-- whose last count did not begin an hour or more after it ended, or the week in progress (until
-- that hour has passed) when its count began over 10 minutes ago, the oldest first; returns the
-- week worked on, or null when none was due (or another instance is counting). A row takes the time
-- its transaction started, so the hour lets the week's last ones commit before its final count.
-- A week is counted in slices of its time, one per call: up to its p_slice-th request or p_slice-th
-- answer after the last slice's end, whichever comes first (all of an instant's, however many), with
-- the first quotes, bookings and cancellations of the same span; their figures are added up in
-- private.site_week_counting. The call that reaches the week's end also reads the week's answers
-- for their count and median, writes the week's figures and the ZIP codes of its requests that
-- found no vendor at once, and deletes the figures of weeks past the 26 (private.site_week_zips
-- has no keys to cascade through). So a week of fewer than p_slice requests and answers is counted
-- in one call. The figures are as each slice read them: a row changed during the count, in a span
-- already read, stays counted as it was. A week's counted_at is when its count began. A count is
-- carried on only while the week's counted_at is what it was when the count began (a week recounted
-- by hand starts over), and one left unfinished when an older week comes due is started again.
create or replace function public.count_site_weeks(p_slice int default 1000)
returns date language plpgsql security definer set search_path = '' as $$
declare
  slice constant int := least(greatest(coalesce(p_slice, 1000), 1), 1000000);
  this_week date := date_trunc('week', now() at time zone 'UTC')::date;
  due date;
  staged private.site_week_counting;
  ends timestamptz;
  upto timestamptz;
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
  ends := (due + 7)::timestamp at time zone 'UTC';

  select c.* into staged
  from private.site_week_counting c left join private.site_weeks s on s.week = c.week
  where c.week = due and c.prior_counted_at is not distinct from s.counted_at;
  if staged.week is null then
    delete from private.site_week_counting;
    delete from private.site_week_zip_counting;
    insert into private.site_week_counting (week, counted_to, started_at, prior_counted_at)
    values (due, due::timestamp at time zone 'UTC', now(), (select s.counted_at from private.site_weeks s where s.week = due))
    returning * into staged;
  end if;

  -- The slice ends at the first request or answer past the slice's size, whichever comes first.
  upto := least(
    (select l.completed_at from public.leads l where l.completed and l.completed_at >= staged.counted_to and l.completed_at < ends
     order by l.completed_at offset slice limit 1),
    (select x.responded_at from public.lead_recipients x where x.responded_at >= staged.counted_to and x.responded_at < ends
     order by x.responded_at offset slice limit 1));
  if upto = staged.counted_to then
    upto := least(
      (select min(l.completed_at) from public.leads l where l.completed and l.completed_at > staged.counted_to and l.completed_at < ends),
      (select min(x.responded_at) from public.lead_recipients x where x.responded_at > staged.counted_to and x.responded_at < ends));
  end if;
  upto := coalesce(upto, ends);

  update private.site_week_counting c set
    requests = c.requests + (select count(*) from public.leads l
                             where l.completed and l.completed_at >= staged.counted_to and l.completed_at < upto),
    quotes = c.quotes + (select count(*) from public.quotes q
                         where q.revision = 1 and q.created_at >= staged.counted_to and q.created_at < upto),
    bookings = c.bookings + (select count(*) from public.bookings b where b.booked_at >= staged.counted_to and b.booked_at < upto),
    cancellations = c.cancellations + (select count(*) from public.bookings b
                                       where b.cancelled_at >= staged.counted_to and b.cancelled_at < upto),
    counted_to = upto
  where c.week = due;
  insert into private.site_week_zip_counting as z (week, postcode_id, requests)
  select due, p.id, x.requests
  from (select l.location, count(*) as requests from public.leads l
        where l.completed and l.no_recipients and l.completed_at >= staged.counted_to and l.completed_at < upto
        group by l.location) x
  -- Each ZIP code by its key: joined whole, the planner read every postcode for a week's few hundred.
  cross join lateral (select p.id from public.postcodes p where p.code = x.location limit 1) p
  on conflict (week, postcode_id) do update set requests = z.requests + excluded.requests;
  if upto < ends then
    return due;
  end if;

  insert into private.site_weeks as s (week, requests, quotes, bookings, cancellations, responses, response_hours, counted_at)
  select due, c.requests, c.quotes, c.bookings, c.cancellations, r.responses, r.hours, c.started_at
  from private.site_week_counting c
  cross join (select count(*) as responses,
                     round(extract(epoch from percentile_cont(0.5) within group (order by x.responded_at - x.emailed_at)) / 3600, 1) as hours
              from public.lead_recipients x
              where x.responded_at >= due::timestamp at time zone 'UTC' and x.responded_at < ends and x.emailed_at is not null) r
  where c.week = due
  on conflict (week) do update set requests = excluded.requests, quotes = excluded.quotes, bookings = excluded.bookings,
    cancellations = excluded.cancellations, responses = excluded.responses, response_hours = excluded.response_hours,
    counted_at = excluded.counted_at;
  delete from private.site_week_zips z where z.week = due;
  insert into private.site_week_zips (week, postcode_id, requests)
  select z.week, z.postcode_id, z.requests from private.site_week_zip_counting z where z.week = due;
  delete from private.site_week_counting;
  delete from private.site_week_zip_counting;
  delete from private.site_weeks s where s.week < this_week - 175;
  delete from private.site_week_zips z where z.week < this_week - 175;
  return due;
end;
$$;

revoke execute on function public.count_site_weeks(int) from public, anon, authenticated;
grant execute on function public.count_site_weeks(int) to service_role;
