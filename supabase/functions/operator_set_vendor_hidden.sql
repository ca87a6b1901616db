-- Hides a listing from the public pages, or shows it again; returns its address.
create or replace function public.operator_set_vendor_hidden(p_id bigint, p_hidden boolean, p_operator text)
returns jsonb language plpgsql security definer set search_path = '' as $$
begin
  update public.vendors v set hidden = p_hidden, updated_at = now() where v.id = p_id;
  if not found then
    raise exception 'No such vendor' using errcode = 'PT404', hint = 'no-record';
  end if;
  perform public.audit(p_operator, case when p_hidden then 'hide' else 'unhide' end, 'vendor ' || p_id);
  return public.vendor_address(p_id);
end;
$$;

revoke execute on function public.operator_set_vendor_hidden(bigint,boolean,text) from public, anon, authenticated;
grant execute on function public.operator_set_vendor_hidden(bigint,boolean,text) to service_role;
