-- A business's quote for a request one of its listings received (quote_save).
create or replace function public.business_save_quote(p_email text, p_vendor_id bigint, p_lead_id bigint, p_quote jsonb)
returns jsonb language plpgsql security definer set search_path = '' as $$
begin
  perform public.business_require_manager(p_email, p_vendor_id);
  return private.quote_save(p_vendor_id, p_lead_id, p_quote);
end;
$$;

revoke execute on function public.business_save_quote(text,bigint,bigint,jsonb) from public, anon, authenticated;
grant execute on function public.business_save_quote(text,bigint,bigint,jsonb) to service_role;
