-- The console's listings matching a search, paged, with the total.
create or replace function public.operator_vendor_page(p_query text, p_limit int, p_offset int)
returns jsonb language sql stable security definer set search_path = '' as $$
  with matching as (
    select v.id, v.name, v.slug, v.site, v.phone, v.hidden, c.name as city_name, s.code as state_code
    from public.vendors v join public.postcodes p on p.id = v.postcode_id
    join public.cities c on c.id = p.city_id join public.states s on s.id = c.state_id
    where coalesce(trim(p_query), '') = ''
       or v.name ilike '%' || trim(p_query) || '%' or c.name ilike '%' || trim(p_query) || '%'
       or v.website_key like '%' || public.website_key(p_query) || '%')
  select jsonb_build_object(
    'total', (select count(*) from matching),
    'rows', coalesce((select jsonb_agg(to_jsonb(m) || jsonb_build_object(
        'leads', (select count(*) from public.lead_recipients r join public.leads l on l.id = r.lead_id
                  where r.vendor_id = m.id and not l.spam)) order by m.name, m.id)
      from (select * from matching order by name, id
            offset greatest(coalesce(p_offset, 0), 0) limit least(greatest(coalesce(p_limit, 50), 1), 1000)) m), '[]'::jsonb));
$$;

revoke execute on function public.operator_vendor_page(text,integer,integer) from public, anon, authenticated;
grant execute on function public.operator_vendor_page(text,integer,integer) to service_role;
