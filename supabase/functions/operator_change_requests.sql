-- Businesses' changes of their listings' names and websites waiting for the operator.
create or replace function public.operator_change_requests()
returns jsonb language sql stable security definer set search_path = '' as $$
  select coalesce(jsonb_agg(jsonb_build_object('id', c.id, 'vendor', public.vendor_address(c.vendor_id), 'email', c.email,
      'changes', c.changes, 'created_at', c.created_at,
      'current', (select jsonb_build_object('name', v.name, 'site', v.site) from public.vendors v where v.id = c.vendor_id))
    order by c.id), '[]'::jsonb)
  from public.vendor_change_requests c where c.status = 'new';
$$;

revoke execute on function public.operator_change_requests() from public, anon, authenticated;
grant execute on function public.operator_change_requests() to service_role;
