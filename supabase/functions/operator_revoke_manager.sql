-- Revokes a person's access to a listing; revoking the owner un-claims it.
create or replace function public.operator_revoke_manager(p_vendor_id bigint, p_email text, p_operator text)
returns void language plpgsql security definer set search_path = '' as $$
declare
  revoked public.vendor_managers;
begin
  delete from public.vendor_managers m where m.vendor_id = p_vendor_id and m.email = lower(trim(coalesce(p_email, ''))) returning * into revoked;
  if revoked.email is null then
    raise exception 'No such person on this listing' using errcode = 'PT404', hint = 'no-person';
  end if;
  if revoked.role = 'owner' then
    update public.vendors v set claimed_at = null, updated_at = now() where v.id = p_vendor_id;
  end if;
  perform public.audit(p_operator, 'revoke_manager', 'vendor ' || p_vendor_id, jsonb_build_object('email', revoked.email, 'role', revoked.role));
end;
$$;

revoke execute on function public.operator_revoke_manager(bigint,text,text) from public, anon, authenticated;
grant execute on function public.operator_revoke_manager(bigint,text,text) to service_role;
