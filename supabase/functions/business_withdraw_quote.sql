-- A business withdraws its open quote for a request one of its listings received (quote_withdraw).
create or replace function public.business_withdraw_quote(p_email text, p_vendor_id bigint, p_lead_id bigint)
returns jsonb language plpgsql security definer set search_path = '' as $$
begin
  perform public.business_require_manager(p_email, p_vendor_id);
  return private.quote_withdraw(p_vendor_id, p_lead_id);
end;
$$;

revoke execute on function public.business_withdraw_quote(text,bigint,bigint) from public, anon, authenticated;
grant execute on function public.business_withdraw_quote(text,bigint,bigint) to service_role;
