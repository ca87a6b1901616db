-- "Does it deliver to my ZIP?" on a listing's page: null for an unknown or hidden listing;
-- {known: false} for a ZIP code the directory does not know; else where the ZIP is (its city),
-- its straight-line miles from the listing's yard, and the answer: 'serves' when the ZIP is in
-- the listing's service area, 'delivery_range' when it is not but lies within the miles its
-- published delivery fee covers, else 'no'.
create or replace function public.vendor_delivers_to(p_vendor_id bigint, p_zip text)
returns jsonb language sql stable set search_path = '' as $$
  select case when jp.id is null then jsonb_build_object('known', false) else jsonb_build_object(
    'known', true, 'zip', jp.code, 'city_name', jc.name, 'state_code', js.code,
    'miles', round(public.distance_miles(yc.latitude, yc.longitude, jc.latitude, jc.longitude)::numeric, 1),
    'delivery_miles', case when r.published then r.delivery_miles end,
    'answer', case
      when exists (select 1 from public.vendors_serviced s where s.vendor_id = v.id and s.postcode_id = jp.id) then 'serves'
      when r.published and r.delivery_miles is not null
           and public.distance_miles(yc.latitude, yc.longitude, jc.latitude, jc.longitude) <= r.delivery_miles then 'delivery_range'
      else 'no' end) end
  from public.vendors v
  join public.postcodes yp on yp.id = v.postcode_id
  join public.cities yc on yc.id = yp.city_id
  left join public.rate_cards r on r.vendor_id = v.id
  left join public.postcodes jp on jp.code = p_zip
  left join public.cities jc on jc.id = jp.city_id
  left join public.states js on js.id = jc.state_id
  where v.id = p_vendor_id and not v.hidden;
$$;

revoke execute on function public.vendor_delivers_to(bigint,text) from public;
grant execute on function public.vendor_delivers_to(bigint,text) to anon, authenticated, service_role;
