-- The operator accounts, with how many sessions each has open.
create or replace function public.operator_list()
returns table (email text, created_at timestamptz, sessions bigint)
language sql stable security definer set search_path = '' as $$
  select o.email, o.created_at,
         (select count(*) from public.sessions s where s.role = 'operator' and s.subject = o.email and s.expires_at > now())
  from public.operators o order by o.email;
$$;

revoke execute on function public.operator_list() from public, anon, authenticated;
grant execute on function public.operator_list() to service_role;
