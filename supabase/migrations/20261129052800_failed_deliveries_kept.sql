-- private.failed_deliveries follows outbox_messages from here on, and starts with the requests
-- whose messages failed so far.
create trigger outbox_messages_failed_deliveries after insert on public.outbox_messages
  referencing new table as new_rows for each statement execute function private.failed_deliveries_kept();
create trigger outbox_messages_failed_deliveries_update after update on public.outbox_messages
  referencing old table as old_rows new table as new_rows for each statement execute function private.failed_deliveries_kept();
create trigger outbox_messages_failed_deliveries_delete after delete on public.outbox_messages
  referencing old table as old_rows for each statement execute function private.failed_deliveries_kept();

insert into private.failed_deliveries (lead_id, completed_at)
select distinct l.id, l.completed_at
from public.outbox_messages m join public.leads l on l.id = m.lead_id
where m.status = 'failed' and l.completed and l.completed_at is not null
on conflict do nothing;
