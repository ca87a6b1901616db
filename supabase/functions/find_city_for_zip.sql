-- ZIP search: the city of a known ZIP when it has vendors, else the city with vendors
-- nearest to the given coordinates (or to the ZIP's own city).
create or replace function public.find_city_for_zip(p_code text, p_latitude double precision default null,
                                         p_longitude double precision default null)
returns jsonb language sql stable set search_path = '' as $$
  with target as (
    select c.id, coalesce(p_latitude, c.latitude) as lat, coalesce(p_longitude, c.longitude) as lng
    from (select 1) one
    left join public.postcodes p on p.code = p_code
    left join public.cities c on c.id = p.city_id
  )
  select jsonb_build_object('city_name', cv.city_name, 'city_slug', cv.city_slug,
                            'state_slug', cv.state_slug, 'exact', coalesce(cv.city_id = t.id, false))
  from target t
  cross join public.cities_with_vendors cv
  join public.cities c on c.id = cv.city_id
  where t.lat is not null or cv.city_id = t.id
  order by (cv.city_id = t.id) desc,
           power(c.latitude - t.lat, 2) + power((c.longitude - t.lng) * cos(radians(t.lat)), 2)
  limit 1;
$$;

revoke execute on function public.find_city_for_zip(text,double precision,double precision) from public;
grant execute on function public.find_city_for_zip(text,double precision,double precision) to anon, authenticated, service_role;
