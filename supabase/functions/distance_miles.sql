-- Great-circle distance in miles between two points.
create or replace function public.distance_miles(lat1 double precision, lng1 double precision, lat2 double precision, lng2 double precision)
returns double precision language sql immutable set search_path = '' as $$
  select 3958.8 * 2 * asin(sqrt(
    power(sin(radians(lat2 - lat1) / 2), 2)
    + cos(radians(lat1)) * cos(radians(lat2)) * power(sin(radians(lng2 - lng1) / 2), 2)));
$$;

revoke execute on function public.distance_miles(double precision,double precision,double precision,double precision) from public;
grant execute on function public.distance_miles(double precision,double precision,double precision,double precision) to anon, authenticated;
