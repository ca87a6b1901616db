-- Who a live session of this role belongs to, or null.
create or replace function public.session_subject(p_role text, p_token_hash text)
returns text language sql stable security definer set search_path = '' as $$
  select s.subject from public.sessions s
  where s.token_hash = p_token_hash and s.role = p_role and s.expires_at > now();
$$;

revoke execute on function public.session_subject(text,text) from public, anon, authenticated;
grant execute on function public.session_subject(text,text) to service_role;
