-- A business's edit of the rate card of a listing it manages, in the audit log.
create or replace function public.business_set_rate_card(p_email text, p_vendor_id bigint, p_card jsonb)
returns void language plpgsql security definer set search_path = '' as $$
begin
  perform public.business_require_manager(p_email, p_vendor_id);
  perform public.set_rate_card(p_vendor_id, p_card, 'business ' || lower(trim(p_email)));
  perform public.audit('business ' || lower(trim(p_email)), 'rates', 'vendor ' || p_vendor_id, coalesce(p_card, '{}'::jsonb));
end;
$$;

revoke execute on function public.business_set_rate_card(text,bigint,jsonb) from public, anon, authenticated;
grant execute on function public.business_set_rate_card(text,bigint,jsonb) to service_role;
