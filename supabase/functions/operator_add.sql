-- Creates an operator account, or sets a new password hash for one (ending its sessions).
create or replace function public.operator_add(p_email text, p_password_hash text)
returns bigint language plpgsql security definer set search_path = '' as $$
declare new_id bigint;
begin
  if not public.is_email_address(lower(trim(coalesce(p_email, '')))) then
    raise exception 'Please enter a valid email address' using errcode = 'P0001', hint = 'email';
  end if;
  insert into public.operators (email, password_hash) values (lower(trim(p_email)), p_password_hash)
  on conflict (email) do update set password_hash = excluded.password_hash
  returning id into new_id;
  delete from public.sessions s where s.role = 'operator' and s.subject = lower(trim(p_email));
  perform public.audit('shell', 'operator_add', lower(trim(p_email)));
  return new_id;
end;
$$;

revoke execute on function public.operator_add(text,text) from public, anon, authenticated;
grant execute on function public.operator_add(text,text) to service_role;
