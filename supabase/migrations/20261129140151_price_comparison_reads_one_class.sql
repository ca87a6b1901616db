-- Written by npm run db:migration from supabase/functions/ (edit those files, not this one).

-- supabase/functions/rate_card_json.sql
-- A vendor's rate card as pages and estimates read it, or null: its classes (small,
-- medium, large, track, in that order; only p_class when given, as a price comparison reads one), delivery (null: no delivery), damage waiver (null:
-- not offered), fees, when it was confirmed and whether it is sample data. Runs as the
-- caller, so visitors see only published cards of listed vendors.
create or replace function public.rate_card_json(p_vendor_id bigint, p_class text default null)
returns jsonb language sql stable set search_path = '' as $$
  select jsonb_build_object(
    'classes', coalesce((
      select jsonb_agg(jsonb_build_object('class', k.class, 'day', k.day_rate, 'week', k.week_rate, 'four_week', k.four_week_rate,
               'day_hours', k.day_hours, 'week_hours', k.week_hours, 'four_week_hours', k.four_week_hours)
             order by array_position(array['small', 'medium', 'large', 'track'], k.class))
      from public.rate_card_classes k where k.vendor_id = r.vendor_id and (p_class is null or k.class = p_class)), '[]'::jsonb),
    'delivery', case when r.delivery_fee is not null then
      jsonb_build_object('fee', r.delivery_fee, 'miles', r.delivery_miles, 'per_mile', r.delivery_per_mile) end,
    'waiver_percent', r.waiver_percent,
    'fees', coalesce((
      select jsonb_agg(jsonb_strip_nulls(jsonb_build_object('label', f.label, 'percent', f.percent, 'amount', f.amount)) order by f.position)
      from public.rate_card_fees f where f.vendor_id = r.vendor_id), '[]'::jsonb),
    'confirmed_on', r.confirmed_on, 'sample', r.sample, 'published', r.published)
  from public.rate_cards r where r.vendor_id = p_vendor_id;
$$;

revoke execute on function public.rate_card_json(bigint,text) from public;
grant execute on function public.rate_card_json(bigint,text) to anon, authenticated, service_role;

-- supabase/functions/city_class_vendors.sql
-- The vendors a city's price comparison for one class may show (the 100 with the lowest day rate,
-- and any priced the same as the 100th), and how many of the city's listed vendors rent the class
-- on a published card: read from private.city_class_rates. One row, as the planner is told, so a
-- caller joins its vendors' cards by their keys (estimated at 1,000 rows, it read whole tables).
create or replace function private.city_class_vendors(p_city_id bigint, p_class text)
returns table (vendor_ids bigint[], priced int)
language sql stable security definer rows 1 set search_path = '' as $$
  select array(
           select r.vendor_id from private.city_class_rates r
           where r.city_id = p_city_id and r.class = p_class
             and r.day_rate <= coalesce((select x.day_rate from private.city_class_rates x
                                         where x.city_id = p_city_id and x.class = p_class
                                         order by x.day_rate offset 99 limit 1), 'infinity')),
         (select count(*)::int from private.city_class_rates r where r.city_id = p_city_id and r.class = p_class);
$$;
revoke execute on function private.city_class_vendors(bigint,text) from public;
grant execute on function private.city_class_vendors(bigint,text) to anon, authenticated, service_role;

-- supabase/functions/city_prices.sql
-- A city's price comparison for one machine class: the place, whether the ZIP is known,
-- and up to 100 of the vendors serving the city whose published card rents that class
-- (lowest day rate first: a phone's visitor reads no further, and each costs its card's reads),
-- each with its card, its rates for the class and its miles to the ZIP; plus how many of
-- the city's listed vendors publish no rates for the class. Estimates are computed from this. The
-- vendors are found through the rates kept per city and class (private.city_class_vendors).
create or replace function public.city_prices(p_country_slug text, p_state_slug text, p_city_slug text, p_zip text, p_class text)
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
    select x.vendor_ids, x.priced from place cross join private.city_class_vendors(place.city_id, p_class) x
  ), priced as (
    select v, k.day_rate from chosen c
    join public.vendors v on v.id = any (c.vendor_ids)
    join public.rate_card_classes k on k.vendor_id = v.id and k.class = p_class
    join public.rate_cards r on r.vendor_id = v.id
    order by k.day_rate, v.rating desc nulls last, v.id
    limit 100
  )
  select jsonb_build_object(
    'country', jsonb_build_object('name', place.country_name, 'slug', place.country_slug),
    'state', jsonb_build_object('name', place.state_name, 'slug', place.state_slug, 'code', place.state_code),
    'city', jsonb_build_object('name', place.city_name, 'slug', place.city_slug),
    'zip_known', exists (select 1 from job),
    'vendors', coalesce((
      select jsonb_agg(jsonb_build_object('vendor', public.vendor_card(v),
               'miles', round(public.distance_miles(job.latitude, job.longitude, vc.latitude, vc.longitude)::numeric, 1)::double precision,
               'rates', public.rate_card_json((v).id, p_class)) order by day_rate, (v).id)
      from priced
      left join public.postcodes vp on vp.id = (v).postcode_id
      left join public.cities vc on vc.id = vp.city_id
      left join job on true), '[]'::jsonb),
    'without_rates', place.vendor_count - coalesce((select c.priced from chosen c), 0))
  from place;
$$;

revoke execute on function public.city_prices(text,text,text,text,text) from public;
grant execute on function public.city_prices(text,text,text,text,text) to anon, authenticated, service_role;
