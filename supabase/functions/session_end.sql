-- Ends one session; returns whose it was (null when there was none).
create or replace function public.session_end(p_role text, p_token_hash text)
returns text language sql security definer set search_path = '' as $$
  delete from public.sessions s where s.token_hash = p_token_hash and s.role = p_role returning s.subject;
$$;

revoke execute on function public.session_end(text,text) from public, anon, authenticated;
grant execute on function public.session_end(text,text) to service_role;
