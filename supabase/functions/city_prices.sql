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
