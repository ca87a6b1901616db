-- Records an attempt: a success clears the keys marked "clear"; a failure counts against
-- every key ({"key", "free"} objects). Returns the seconds of the longest block this
-- failure started (0 when none did).
create or replace function public.auth_throttle_record(p_keys jsonb, p_ok boolean)
returns int language plpgsql security definer set search_path = '' as $$
declare
  k jsonb;
  t public.auth_throttle;
  free int;
  longest int := 0;
  minutes int;
begin
  for k in select value from jsonb_array_elements(p_keys) loop
    if p_ok then
      if coalesce((k->>'clear')::boolean, false) then
        delete from public.auth_throttle a where a.key = k->>'key';
      end if;
      continue;
    end if;
    free := greatest(coalesce((k->>'free')::int, 5), 1);
    insert into public.auth_throttle as a (key, failures, last_failure_at) values (k->>'key', 1, now())
    on conflict (key) do update set
      failures = case when a.last_failure_at < now() - interval '1 hour' then 1 else a.failures + 1 end,
      last_failure_at = now()
    returning * into t;
    if t.failures >= free then
      minutes := least(power(2, least(t.failures - free, 4))::int, 15);
      update public.auth_throttle a set blocked_until = now() + make_interval(mins => minutes) where a.key = t.key;
      longest := greatest(longest, minutes * 60);
    end if;
  end loop;
  delete from public.auth_throttle a where a.last_failure_at < now() - interval '1 day';
  return longest;
end;
$$;

revoke execute on function public.auth_throttle_record(jsonb,boolean) from public, anon, authenticated;
grant execute on function public.auth_throttle_record(jsonb,boolean) to service_role;
