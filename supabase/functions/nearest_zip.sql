-- "Use my location": the ZIP code nearest a position. The first of p_candidates (at most 50: the
-- ZIP codes nearest the position by their own points, nearest first, as the server finds them) that
-- the directory knows; else the nearest ZIP code as the directory places ZIP codes (at their city's
-- point), with its miles, within 60 miles; null when there is none. Cities come from the box around
-- the position, by the index on their coordinates.
create or replace function public.nearest_zip(p_latitude double precision, p_longitude double precision, p_candidates text[] default '{}')
returns jsonb language sql stable set search_path = '' as $$
  select coalesce(
    (select jsonb_build_object('zip', p.code, 'miles', null)
     from unnest((coalesce(p_candidates, '{}'))[1:50]) with ordinality c(code, n)
     join public.postcodes p on p.code = c.code
     order by c.n
     limit 1),
    (select jsonb_build_object('zip', x.code, 'miles', round(x.miles::numeric, 1))
     from (
       select (select min(p.code) from public.postcodes p where p.city_id = c.id) as code,
              public.distance_miles(p_latitude, p_longitude, c.latitude, c.longitude) as miles
       from public.cities c
       where p_latitude between -90 and 90 and p_longitude between -180 and 180
         and c.latitude between p_latitude - 60 / 69.0 and p_latitude + 60 / 69.0
         and c.longitude between p_longitude - 60 / (69.0 * greatest(cos(radians(p_latitude)), 0.01))
                             and p_longitude + 60 / (69.0 * greatest(cos(radians(p_latitude)), 0.01))
         and exists (select 1 from public.postcodes p where p.city_id = c.id)
       order by 2, c.id
       limit 1) x
     where x.miles <= 60));
$$;

revoke execute on function public.nearest_zip(double precision,double precision,text[]) from public;
grant execute on function public.nearest_zip(double precision,double precision,text[]) to anon, authenticated, service_role;
