-- Abuse limits hold whatever the caller passes: a client key is required, and attempts
-- of one key are serialized so concurrent calls cannot all pass the count.
create or replace function public.count_write_attempt(p_kind text, p_client_key text, p_window interval, p_limit int, p_message text)
returns void language plpgsql set search_path = '' as $$
begin
  if p_client_key is null or length(p_client_key) not between 8 and 128 then
    raise exception 'A client key is required' using errcode = 'P0001', hint = 'client-key';
  end if;
  perform pg_advisory_xact_lock(hashtextextended(p_kind || ':' || p_client_key, 0));
  delete from public.write_attempts a
  where a.kind = p_kind and a.client_key = p_client_key and a.created_at <= now() - p_window;
  if (select count(*) from public.write_attempts a
      where a.kind = p_kind and a.client_key = p_client_key) >= p_limit then
    raise exception '%', p_message using errcode = 'PT429', hint = 'limit-' || replace(p_kind, '_', '-');
  end if;
  insert into public.write_attempts (kind, client_key) values (p_kind, p_client_key);
end;
$$;

revoke execute on function public.count_write_attempt(text,text,interval,integer,text) from public, anon, authenticated;
