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
