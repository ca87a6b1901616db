-- Trigger (by statement): when requests' emails to vendors are sent, notes the time on each vendor's
-- recipient row, from which its response times are read (vendor_responses) without reading the
-- messages. One update for all the statement's messages, as the outbox drain marks them together;
-- an update counts only where it sent the message (retention's emptying of old ones does not).
-- Planned on each call (execute): a plan kept from a call of a few rows would join a bulk
-- statement's thousands in a nested loop.
create or replace function private.recipient_emailed_at()
returns trigger language plpgsql security definer set search_path = '' as $$
begin
  if tg_op = 'INSERT' then
    execute 'update public.lead_recipients r set emailed_at = m.sent_at
             from (select n.lead_id, n.vendor_id, max(n.sent_at) as sent_at from new_rows n
                   where n.kind = ''lead'' and n.channel = ''email'' and n.sent_at is not null group by 1, 2) m
             where r.lead_id = m.lead_id and r.vendor_id = m.vendor_id and r.emailed_at is distinct from m.sent_at';
  else
    execute 'update public.lead_recipients r set emailed_at = m.sent_at
             from (select n.lead_id, n.vendor_id, max(n.sent_at) as sent_at from new_rows n
                   join old_rows o on o.id = n.id and o.sent_at is distinct from n.sent_at
                   where n.kind = ''lead'' and n.channel = ''email'' and n.sent_at is not null group by 1, 2) m
             where r.lead_id = m.lead_id and r.vendor_id = m.vendor_id and r.emailed_at is distinct from m.sent_at';
  end if;
  return null;
end;
$$;

revoke execute on function private.recipient_emailed_at() from public, anon, authenticated;
