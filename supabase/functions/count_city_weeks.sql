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
