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
