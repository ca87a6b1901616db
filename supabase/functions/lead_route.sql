-- Where a request goes: the vendor whose page it came from (unless it stopped receiving
-- requests), and the nearest vendors serving the ZIP when there is no such vendor (3) or
-- the visitor asked for more (2 besides it). complete_lead stores these; the rental
-- dialog shows their estimates before the request is sent.
create or replace function public.lead_route(p_zip text, p_vendor_id bigint, p_widen boolean)
returns table (vendor_id bigint, reason text, rank int, distance_miles double precision)
language sql stable set search_path = '' as $$
  with chosen as (
    select v.id from public.vendors v where v.id = p_vendor_id and v.leads_paused_at is null
  )
  select c.id, 'vendor_page', 1, null::double precision from chosen c
  union all
  select n.vendor_id, 'nearby', ((select count(*) from chosen) + n.ord)::int, n.distance_miles
  from public.vendors_near_zip(p_zip, case when exists (select 1 from chosen) then 2 else 3 end, (select id from chosen))
    with ordinality n(vendor_id, distance_miles, serves, ord)
  where not exists (select 1 from chosen) or coalesce(p_widen, false);
$$;

revoke execute on function public.lead_route(text,bigint,boolean) from public, anon, authenticated;
