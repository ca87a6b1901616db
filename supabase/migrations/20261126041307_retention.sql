-- Retention: when a completed request's personal fields were blanked, and the indexes that let
-- each retention batch find its rows without reading the whole history.
alter table public.leads add column anonymized_at timestamptz;

create index leads_drafts_by_change_idx on public.leads (updated_at) where not completed;
create index leads_personal_by_completion_idx on public.leads (completed_at) where completed and anonymized_at is null;
create index outbox_messages_kept_sent_idx on public.outbox_messages (sent_at)
  where status = 'sent' and (payload <> '{}'::jsonb or recipient is not null);
create index outbox_messages_kept_failed_idx on public.outbox_messages (created_at)
  where status = 'failed' and (payload <> '{}'::jsonb or recipient is not null);
create index write_attempts_created_idx on public.write_attempts (created_at);
create index auth_throttle_last_failure_idx on public.auth_throttle (last_failure_at);
