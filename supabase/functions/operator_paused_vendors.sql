-- Listings whose business asked to receive no rental requests, most recent first.
create or replace function public.operator_paused_vendors()
returns jsonb language sql stable security definer set search_path = '' as $$
  select coalesce(jsonb_agg(jsonb_build_object('id', v.id, 'name', v.name, 'paused_at', v.leads_paused_at) order by v.leads_paused_at desc), '[]'::jsonb)
  from public.vendors v where v.leads_paused_at is not null;
$$;

revoke execute on function public.operator_paused_vendors() from public, anon, authenticated;
grant execute on function public.operator_paused_vendors() to service_role;
