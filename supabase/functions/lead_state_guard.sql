-- Trigger: a request starts as a draft (or sent, when it is written whole) and changes state only
-- along private.lead_transitions, whichever statement changes it.
create or replace function private.lead_state_guard()
returns trigger language plpgsql security definer set search_path = '' as $$
begin
  if tg_op = 'INSERT' then
    -- A request written whole (imported history) starts as sent.
    if new.completed and new.state = 'draft' then
      new.state := 'sent';
    end if;
    if new.state not in ('draft', 'sent') then
      raise exception 'A request starts as a draft' using errcode = 'P0001', hint = 'request-state';
    end if;
  elsif not exists (
    select 1 from private.lead_transitions t
    where t.to_state = new.state
      and (t.from_state = old.state or (t.from_state = 'over' and old.state in ('sent', 'booked', 'confirmed', 'on_the_way')))) then
    raise exception 'A request cannot go from % to %', old.state, new.state using errcode = 'P0001', hint = 'request-state';
  end if;
  return new;
end;
$$;

revoke execute on function private.lead_state_guard() from public, anon, authenticated;
