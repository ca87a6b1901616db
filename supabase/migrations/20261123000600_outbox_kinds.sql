-- The outbox carries any kind of message, not only a lead's: each row has a kind, the
-- payload its template needs and, for messages to someone other than a lead's vendor, the
-- recipient's address. Existing rows, and those complete_lead queues, are a lead's copy to
-- a vendor or its webhook ('lead', the default).
alter table public.lead_messages
  add column kind text not null default 'lead' check (kind ~ '^[a-z_]{2,40}$'),
  add column payload jsonb not null default '{}'::jsonb,
  add column recipient text check (recipient is null or public.is_email_address(recipient)),
  alter column lead_id drop not null,
  add constraint lead_messages_lead_of_kind check ((kind = 'lead') = (lead_id is not null));
