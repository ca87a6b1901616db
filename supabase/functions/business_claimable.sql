-- The name the claim page shows; null for an unknown or hidden listing.
create or replace function public.business_claimable(p_vendor_id bigint)
returns jsonb language sql stable security definer set search_path = '' as $$
  select jsonb_build_object('id', v.id, 'name', v.name) from public.vendors v where v.id = p_vendor_id and not v.hidden;
$$;

revoke execute on function public.business_claimable(bigint) from public, anon, authenticated;
grant execute on function public.business_claimable(bigint) to service_role;
