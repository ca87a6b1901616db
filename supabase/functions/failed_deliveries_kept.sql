-- Keeps private.failed_deliveries, the completed requests with a failed message: a request goes in
-- when one of its messages fails, and out when none of them is failed any more (resent, or
-- deleted). Statement triggers on outbox_messages, with the inserted, updated or deleted rows. A
-- request's row is locked before its messages are checked, and a failure holds it until it
-- commits (a row already there is locked, not rewritten), so a resend and another message's
-- failure at once never leave it out.
create or replace function private.failed_deliveries_kept()
returns trigger language plpgsql security definer set search_path = '' as $$
begin
  if tg_op in ('INSERT', 'UPDATE') then
    insert into private.failed_deliveries as d (lead_id, completed_at)
    select distinct l.id, l.completed_at
    from new_rows n join public.leads l on l.id = n.lead_id
    where n.status = 'failed' and l.completed and l.completed_at is not null
    order by l.id
    on conflict (lead_id) do update set completed_at = excluded.completed_at
      where d.completed_at is distinct from excluded.completed_at;
  end if;
  if tg_op in ('UPDATE', 'DELETE') then
    perform 1 from private.failed_deliveries d
    where d.lead_id in (select o.lead_id from old_rows o where o.status = 'failed')
    order by d.lead_id
    for update;
    delete from private.failed_deliveries d
    where d.lead_id in (select o.lead_id from old_rows o where o.status = 'failed')
      and not exists (select 1 from public.outbox_messages m where m.lead_id = d.lead_id and m.status = 'failed');
  end if;
  return null;
end;
$$;

revoke execute on function private.failed_deliveries_kept() from public, anon, authenticated;
