-- A city's or a listing's map: the city's point, and for each of the listings given (at most
-- 48, those the page shows; hidden ones never) its yard and the places of the ZIP codes it
-- serves, by city (the 200 with the most of its ZIP codes), each with how many of them it serves.
create or replace function public.area_map(p_state_slug text, p_city_slug text, p_vendor_ids bigint[])
returns jsonb language sql stable set search_path = '' as $$
  select jsonb_build_object(
    'city', (select jsonb_build_object('name', c.name, 'lat', c.latitude, 'lng', c.longitude)
             from public.states st join public.cities c on c.state_id = st.id
             where st.country_id = 1 and st.slug = lower(p_state_slug) and c.slug = lower(p_city_slug)
               and c.latitude is not null),
    'vendors', coalesce((
      select jsonb_agg(jsonb_build_object('id', v.id, 'name', v.name, 'lat', yc.latitude, 'lng', yc.longitude,
               'places', coalesce((
                 select jsonb_agg(jsonb_build_object('name', sc.name, 'lat', sc.latitude, 'lng', sc.longitude, 'zips', sp.zips)
                                  order by sp.zips desc, sc.name)
                 from (select p.city_id, count(*) as zips
                       from public.vendors_serviced s join public.postcodes p on p.id = s.postcode_id
                       where s.vendor_id = v.id
                       group by p.city_id order by count(*) desc, p.city_id limit 200) sp
                 join public.cities sc on sc.id = sp.city_id
                 where sc.latitude is not null), '[]'::jsonb))
             order by v.id)
      from public.vendors v
      join public.postcodes yp on yp.id = v.postcode_id
      join public.cities yc on yc.id = yp.city_id
      where v.id = any ((coalesce(p_vendor_ids, '{}'))[1:48]) and not v.hidden and yc.latitude is not null), '[]'::jsonb));
$$;

revoke execute on function public.area_map(text,text,bigint[]) from public;
grant execute on function public.area_map(text,text,bigint[]) to anon, authenticated, service_role;
