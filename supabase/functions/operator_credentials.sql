-- An operator's password hash, for the console's login check.
create or replace function public.operator_credentials(p_email text)
returns text language sql stable security definer set search_path = '' as $$
  select o.password_hash from public.operators o where o.email = lower(trim(coalesce(p_email, '')));
$$;

revoke execute on function public.operator_credentials(text) from public, anon, authenticated;
grant execute on function public.operator_credentials(text) to service_role;
