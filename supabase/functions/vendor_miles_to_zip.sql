-- Straight-line miles from a vendor's home city to a ZIP code's city; null for an unknown ZIP.
create or replace function public.vendor_miles_to_zip(p_vendor_id bigint, p_zip text)
returns double precision language sql stable set search_path = '' as $$
  select round(public.distance_miles(jc.latitude, jc.longitude, vc.latitude, vc.longitude)::numeric, 1)::double precision
  from public.vendors v
  join public.postcodes vp on vp.id = v.postcode_id
  join public.cities vc on vc.id = vp.city_id
  cross join public.postcodes jp
  join public.cities jc on jc.id = jp.city_id
  where v.id = p_vendor_id and jp.code = p_zip;
$$;

revoke execute on function public.vendor_miles_to_zip(bigint,text) from public;
grant execute on function public.vendor_miles_to_zip(bigint,text) to anon, authenticated, service_role;
