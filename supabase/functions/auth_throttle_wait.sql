-- Seconds until every one of these keys may try again (0: now).
create or replace function public.auth_throttle_wait(p_keys text[])
returns int language sql stable security definer set search_path = '' as $$
  select coalesce(ceil(max(extract(epoch from t.blocked_until - now())))::int, 0)
  from public.auth_throttle t where t.key = any (p_keys) and t.blocked_until > now();
$$;

revoke execute on function public.auth_throttle_wait(text[]) from public, anon, authenticated;
grant execute on function public.auth_throttle_wait(text[]) to service_role;
