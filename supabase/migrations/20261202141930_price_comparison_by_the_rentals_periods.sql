-- Written by npm run db:migration from supabase/functions/ (edit those files, not this one).

-- supabase/functions/city_class_vendors.sql
-- The vendors a city's price comparison for one class and a rental of p_days reads, and how many of
-- the city's listed vendors rent the class on a published card: read from private.city_class_rates.
-- They are the 20 with the lowest rate for each of the two periods such a rental is priced by (under
-- a week the day and the week, under 4 weeks the week and 4 weeks, else 4 weeks and the week; what
-- the period costs on the card), up to 40, whose estimates the page compares. Ties of the 20th are
-- taken by id. One row, as the planner is told, so a caller joins its vendors' cards by their keys
-- (estimated at 1,000 rows, it read whole tables).
create or replace function private.city_class_vendors(p_city_id bigint, p_class text, p_days int)
returns table (periods text[], vendor_ids bigint[], priced int)
language sql stable security definer rows 1 set search_path = '' as $$
  select case when p_days >= 28 then array['4-week', 'week'] when p_days >= 7 then array['week', '4-week'] else array['day', 'week'] end,
         array(
           (select r.vendor_id from private.city_class_rates r
            where coalesce(p_days, 1) < 7 and r.city_id = p_city_id and r.class = p_class
            order by r.day_rate, r.vendor_id limit 20)
           union
           (select r.vendor_id from private.city_class_rates r
            where r.city_id = p_city_id and r.class = p_class
            order by r.week_price, r.vendor_id limit 20)
           union
           (select r.vendor_id from private.city_class_rates r
            where p_days >= 7 and r.city_id = p_city_id and r.class = p_class
            order by r.four_week_price, r.vendor_id limit 20)),
         (select count(*)::int from private.city_class_rates r where r.city_id = p_city_id and r.class = p_class);
$$;
revoke execute on function private.city_class_vendors(bigint,text,int) from public;
grant execute on function private.city_class_vendors(bigint,text,int) to anon, authenticated, service_role;

-- supabase/functions/city_prices.sql
-- A city's price comparison for one machine class and a rental of p_days: the place, whether the
-- ZIP is known, the two periods such a rental is priced by, and the vendors serving the city whose
-- published card rents that class with the 20 lowest rates for either period (up to 40: the page
-- shows the 20 whose estimates are lowest, as a phone's visitor reads no further, each costs its
-- card's reads, and the city's page lists them all by price), each with its name and its page's
-- slugs (all its row shows of it: a whole card cost as much again as its rates), its rates for the
-- class and its miles to the ZIP; plus how many of the city's listed vendors publish rates for the
-- class and how many publish none. Estimates are computed from this. The vendors are found through
-- the rates kept per city and class (private.city_class_vendors).
create or replace function public.city_prices(p_country_slug text, p_state_slug text, p_city_slug text, p_zip text, p_class text,
  p_days int)
returns jsonb language sql stable set search_path = '' as $$
  with place as (
    select c.id as city_id, c.vendor_count, c.name as city_name, c.slug as city_slug, st.name as state_name, st.slug as state_slug,
           st.code as state_code, co.name as country_name, co.slug as country_slug
    from public.cities c
    join public.states st on st.id = c.state_id
    join public.countries co on co.id = st.country_id
    where co.slug = lower(p_country_slug) and st.slug = lower(p_state_slug) and c.slug = lower(p_city_slug)
  ), job as (
    -- The ZIP's city, read once for every vendor's miles (as vendor_miles_to_zip reckons them).
    select jc.latitude, jc.longitude from public.postcodes jp join public.cities jc on jc.id = jp.city_id
    where jp.code = p_zip limit 1
  ), chosen as (
    select x.periods, x.vendor_ids, x.priced from place cross join private.city_class_vendors(place.city_id, p_class, p_days) x
  ), priced as (
    select v from chosen c
    join public.vendors v on v.id = any (c.vendor_ids)
    join public.rate_card_classes k on k.vendor_id = v.id and k.class = p_class
    join public.rate_cards r on r.vendor_id = v.id
  )
  select jsonb_build_object(
    'country', jsonb_build_object('name', place.country_name, 'slug', place.country_slug),
    'state', jsonb_build_object('name', place.state_name, 'slug', place.state_slug, 'code', place.state_code),
    'city', jsonb_build_object('name', place.city_name, 'slug', place.city_slug),
    'zip_known', exists (select 1 from job),
    'vendors', coalesce((
      select jsonb_agg(jsonb_build_object(
               'vendor', jsonb_build_object('id', (v).id, 'name', (v).name, 'slug', (v).slug,
                                            'city_slug', vc.slug, 'state_slug', vs.slug, 'country_slug', vco.slug),
               'miles', round(public.distance_miles(job.latitude, job.longitude, vc.latitude, vc.longitude)::numeric, 1)::double precision,
               'rates', public.rate_card_json((v).id, p_class)) order by (v).id)
      from priced
      join public.postcodes vp on vp.id = (v).postcode_id
      join public.cities vc on vc.id = vp.city_id
      join public.states vs on vs.id = vc.state_id
      join public.countries vco on vco.id = vs.country_id
      left join job on true), '[]'::jsonb),
    'periods', (select to_jsonb(c.periods) from chosen c),
    'priced', coalesce((select c.priced from chosen c), 0),
    'without_rates', place.vendor_count - coalesce((select c.priced from chosen c), 0))
  from place;
$$;

revoke execute on function public.city_prices(text,text,text,text,text,int) from public;
grant execute on function public.city_prices(text,text,text,text,text,int) to anon, authenticated, service_role;

-- supabase/functions/keep_city_class_rates.sql
-- Writes again these vendors' rows of private.city_class_rates from their rate cards and the cities
-- they serve: every class of a published card, in every city, while the vendor is listed.
create or replace function private.keep_city_class_rates(p_vendor_ids bigint[])
returns void language sql security definer set search_path = '' as $$
  delete from private.city_class_rates r where r.vendor_id = any (p_vendor_ids);
  insert into private.city_class_rates (city_id, class, day_rate, week_rate, four_week_rate, vendor_id)
  select cv.city_id, k.class, k.day_rate, k.week_rate, k.four_week_rate, cv.vendor_id
  from private.city_vendors cv
  join public.rate_cards r on r.vendor_id = cv.vendor_id and r.published
  join public.rate_card_classes k on k.vendor_id = cv.vendor_id
  where cv.vendor_id = any (p_vendor_ids) and not cv.hidden;
$$;
revoke execute on function private.keep_city_class_rates(bigint[]) from public, anon, authenticated;

-- supabase/functions/serviced_counts.sql
-- Trigger (by statement): keeps the cities' vendor counts, city_vendors and city_class_rates, as ZIP
-- codes served are added, changed and removed. It first takes the vendors' rows, as an edit of a
-- vendor or of its card does (private.city_vendor_keys), so that the keys and rates it writes are
-- those the vendors have once any such change is committed.
create or replace function private.serviced_counts()
returns trigger language plpgsql security definer set search_path = '' as $$
begin
  if tg_op = 'DELETE' then
    perform 1 from public.vendors v where v.id in (select o.vendor_id from old_rows o) order by v.id for no key update;
  else
    perform 1 from public.vendors v where v.id in (select n.vendor_id from new_rows n) order by v.id for no key update;
  end if;
  if tg_op in ('DELETE', 'UPDATE') then
    update private.city_vendors cv set zips = cv.zips - x.zips
    from (select p.city_id, o.vendor_id, count(*)::int as zips from old_rows o join public.postcodes p on p.id = o.postcode_id group by 1, 2) x
    where cv.city_id = x.city_id and cv.vendor_id = x.vendor_id;
    -- A city loses a listed vendor when the last of its ZIP codes there goes.
    with gone as (
      delete from private.city_vendors cv
      using (select distinct p.city_id, o.vendor_id from old_rows o join public.postcodes p on p.id = o.postcode_id) x
      where cv.city_id = x.city_id and cv.vendor_id = x.vendor_id and cv.zips = 0
      returning cv.city_id, cv.vendor_id
    ), rates_gone as (
      delete from private.city_class_rates r using gone g where r.city_id = g.city_id and r.vendor_id = g.vendor_id)
    update public.cities c set vendor_count = c.vendor_count - x.n
    from (select g.city_id, count(*)::int as n from gone g join public.vendors v on v.id = g.vendor_id where not v.hidden group by 1) x
    where c.id = x.city_id;
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    -- A city gains a listed vendor with the first of its ZIP codes there (a row just inserted has
    -- xmax 0), with the keys its page orders it by (then kept by private.city_vendor_keys).
    with added as (
      insert into private.city_vendors as cv (city_id, vendor_id, zips, name, hidden, review_count, responded_at, day_rate)
      select x.city_id, x.vendor_id, x.zips, v.name, v.hidden, v.review_count,
             case when v.response_hours is not null then v.last_responded_at end, private.published_day_rate(v.id)
      from (select p.city_id, n.vendor_id, count(*)::int as zips from new_rows n join public.postcodes p on p.id = n.postcode_id
            group by 1, 2) x
      join public.vendors v on v.id = x.vendor_id
      on conflict (city_id, vendor_id) do update set zips = cv.zips + excluded.zips
      returning cv.city_id, cv.vendor_id, cv.xmax = 0 as first
    ), rates_added as (
      insert into private.city_class_rates (city_id, class, day_rate, week_rate, four_week_rate, vendor_id)
      select a.city_id, k.class, k.day_rate, k.week_rate, k.four_week_rate, a.vendor_id from added a
      join public.vendors v on v.id = a.vendor_id and not v.hidden
      join public.rate_cards r on r.vendor_id = a.vendor_id and r.published
      join public.rate_card_classes k on k.vendor_id = a.vendor_id
      where a.first)
    update public.cities c set vendor_count = c.vendor_count + x.n
    from (select a.city_id, count(*)::int as n from added a join public.vendors v on v.id = a.vendor_id where a.first and not v.hidden group by 1) x
    where c.id = x.city_id;
  end if;
  return null;
end;
$$;
revoke execute on function private.serviced_counts() from public, anon, authenticated;
