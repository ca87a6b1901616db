-- Claims waiting for the operator (or decided), newest first, with the listing and the
-- people who manage it now.
create or replace function public.operator_claim_page(p_status text, p_limit int, p_offset int)
returns jsonb language sql stable security definer set search_path = '' as $$
  select jsonb_build_object(
    'total', (select count(*) from public.vendor_claims c where c.status = p_status),
    'rows', coalesce((select jsonb_agg(to_jsonb(c) || jsonb_build_object(
        'vendor', public.vendor_address(c.vendor_id),
        'managers', (select coalesce(jsonb_agg(jsonb_build_object('email', m.email, 'role', m.role) order by m.role desc, m.email), '[]'::jsonb)
                     from public.vendor_managers m where m.vendor_id = c.vendor_id))
      order by c.id desc)
      from (select * from public.vendor_claims x where x.status = p_status order by x.id desc
            offset greatest(coalesce(p_offset, 0), 0) limit least(greatest(coalesce(p_limit, 50), 1), 1000)) c), '[]'::jsonb));
$$;

revoke execute on function public.operator_claim_page(text,integer,integer) from public, anon, authenticated;
grant execute on function public.operator_claim_page(text,integer,integer) to service_role;
