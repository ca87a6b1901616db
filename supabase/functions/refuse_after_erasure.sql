-- Trigger: nothing new is attached to an erased request (no quote, booking, review, recipient,
-- consent or message): erasure ends its life.
create or replace function private.refuse_after_erasure()
returns trigger language plpgsql security definer set search_path = '' as $$
begin
  if new.lead_id is not null and exists (select 1 from public.leads l where l.id = new.lead_id and l.state = 'erased') then
    raise exception 'Rental request not found' using errcode = 'PT404', hint = 'no-request';
  end if;
  return new;
end;
$$;

revoke execute on function private.refuse_after_erasure() from public, anon, authenticated;
