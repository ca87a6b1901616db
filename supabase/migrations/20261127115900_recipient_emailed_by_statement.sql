-- The time a request's email was sent reaches the recipient rows once per statement, not once per
-- message: the drain and the history's imports mark many messages at once. Transition tables take
-- no column list, so the update trigger sees every update and keeps the messages it sent.
drop trigger if exists outbox_messages_recipient_emailed on public.outbox_messages;
create trigger outbox_messages_recipient_emailed after insert on public.outbox_messages
  referencing new table as new_rows for each statement execute function private.recipient_emailed_at();
drop trigger if exists outbox_messages_recipient_emailed_update on public.outbox_messages;
create trigger outbox_messages_recipient_emailed_update after update on public.outbox_messages
  referencing old table as old_rows new table as new_rows for each statement execute function private.recipient_emailed_at();
