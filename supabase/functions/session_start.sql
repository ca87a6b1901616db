-- Starts a session of at most 30 days; expired sessions are cleared on the way.
create or replace function public.session_start(p_role text, p_subject text, p_token_hash text, p_ttl_seconds int)
returns void language sql security definer set search_path = '' as $$
  delete from public.sessions s where s.expires_at <= now();
  insert into public.sessions (token_hash, role, subject, expires_at)
  values (p_token_hash, p_role, p_subject, now() + make_interval(secs => least(greatest(p_ttl_seconds, 60), 30 * 86400)));
$$;

revoke execute on function public.session_start(text,text,text,integer) from public, anon, authenticated;
grant execute on function public.session_start(text,text,text,integer) to service_role;
