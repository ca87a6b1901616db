-- Removes an operator account and its sessions; returns whether it existed.
create or replace function public.operator_remove(p_email text)
returns boolean language plpgsql security definer set search_path = '' as $$
begin
  delete from public.operators o where o.email = lower(trim(p_email));
  if not found then return false; end if;
  delete from public.sessions s where s.role = 'operator' and s.subject = lower(trim(p_email));
  perform public.audit('shell', 'operator_remove', lower(trim(p_email)));
  return true;
end;
$$;

revoke execute on function public.operator_remove(text) from public, anon, authenticated;
grant execute on function public.operator_remove(text) to service_role;
