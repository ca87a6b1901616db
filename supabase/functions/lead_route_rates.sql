-- The vendors a request for this ZIP would go to, in order, each with its name, its
-- miles to the ZIP and its published rate card (null when it publishes none; this runs as
-- the owner, past the policies that keep unpublished cards from visitors).
create or replace function public.lead_route_rates(p_zip text, p_vendor_id bigint, p_widen boolean)
returns jsonb language sql stable security definer set search_path = '' as $$
  select coalesce(jsonb_agg(jsonb_build_object('id', v.id, 'name', v.name,
           'miles', public.vendor_miles_to_zip(v.id, p_zip), 'rates', case when exists (select 1 from public.rate_cards c where c.vendor_id = v.id and c.published)
                                then public.rate_card_json(v.id) end) order by r.rank), '[]'::jsonb)
  from public.lead_route(p_zip, p_vendor_id, p_widen) r
  join public.vendors v on v.id = r.vendor_id;
$$;

revoke execute on function public.lead_route_rates(text,bigint,boolean) from public, anon, authenticated;
grant execute on function public.lead_route_rates(text,bigint,boolean) to service_role;
