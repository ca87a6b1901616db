-- The operator's edit of a vendor's rate card, in the audit log.
create or replace function public.operator_set_rate_card(p_vendor_id bigint, p_card jsonb, p_operator text)
returns void language plpgsql security definer set search_path = '' as $$
begin
  perform public.set_rate_card(p_vendor_id, p_card, p_operator);
  perform public.audit(p_operator, 'rates', 'vendor ' || p_vendor_id, coalesce(p_card, '{}'::jsonb));
end;
$$;

revoke execute on function public.operator_set_rate_card(bigint,jsonb,text) from public, anon, authenticated;
grant execute on function public.operator_set_rate_card(bigint,jsonb,text) to service_role;
