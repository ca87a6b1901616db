-- The people who manage a listing, owner first, for its console page.
create or replace function public.operator_vendor_managers(p_vendor_id bigint)
returns jsonb language sql stable security definer set search_path = '' as $$
  select coalesce(jsonb_agg(jsonb_build_object('email', m.email, 'role', m.role, 'added_by', m.added_by, 'created_at', m.created_at)
    order by m.role desc, m.email), '[]'::jsonb)
  from public.vendor_managers m where m.vendor_id = p_vendor_id;
$$;

revoke execute on function public.operator_vendor_managers(bigint) from public, anon, authenticated;
grant execute on function public.operator_vendor_managers(bigint) to service_role;
