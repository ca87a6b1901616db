-- Written by npm run db:migration from supabase/functions/ (edit those files, not this one).

-- supabase/functions/retention_run.sql
-- One batch of the retention periods (days unless said), at most p_batch rows of each kind (and a
-- quarter as many drafts to delete and requests to erase: a draft's delete is checked against nine
-- tables that reference requests, an erasure changes rows in eight), so that a batch
-- stays short whatever is due and a day's work is a trickle of batches:
-- drafts never sent are deleted p_draft_days after their last change; sent requests are
-- erased in place (erase_requests, as the action expire) p_personal_months after they were sent,
-- keeping dates, ZIP and vendors for reports; sent (or finally failed) messages lose their payload and recipient (and
-- their delivery attempts' errors) p_sent_days after; sign-in and claim link emails go after a week;
-- expired links and sessions, and throttle rows past every window, go p_expired_days after. Each row is changed by one statement, so it
-- is done or untouched; rows another instance is working on are skipped, never done twice.
-- Returns how many of each it changed.
create or replace function public.retention_run(p_draft_days int, p_personal_months int, p_sent_days int, p_expired_days int,
  p_batch int default 100)
returns jsonb language plpgsql security definer set search_path = '' as $$
declare
  batch constant int := least(greatest(coalesce(p_batch, 100), 1), 5000);
  quarter constant int := ceil(batch / 4.0)::int;
  drafts int;
  anonymized int;
  emptied int;
  expired int := 0;
  n int;
begin
  if p_draft_days is null or p_draft_days < 1 or p_personal_months is null or p_personal_months < 1
     or p_sent_days is null or p_sent_days < 1 or p_expired_days is null or p_expired_days < 1 then
    raise exception 'Each retention period is at least 1' using errcode = 'P0001', hint = 'retention-period';
  end if;

  with doomed as (
    select l.id from public.leads l
    where not l.completed and l.updated_at < now() - make_interval(days => p_draft_days)
    order by l.updated_at limit quarter for update skip locked)
  delete from public.leads l using doomed d where l.id = d.id;
  get diagnostics drafts = row_count;

  anonymized := (private.erase_requests(array(
    select l.id from public.leads l
    where l.completed and l.anonymized_at is null and l.completed_at < now() - make_interval(months => p_personal_months)
    order by l.completed_at limit quarter for update skip locked), 'expire')->>'requests')::int;

  with due as (
    (select m.id from public.outbox_messages m
     where m.status = 'sent' and (m.payload <> '{}'::jsonb or m.recipient is not null)
       and m.sent_at < now() - make_interval(days => p_sent_days)
     order by m.sent_at limit batch)
    union all
    (select m.id from public.outbox_messages m
     where m.status = 'failed' and (m.payload <> '{}'::jsonb or m.recipient is not null)
       and m.created_at < now() - make_interval(days => p_sent_days)
     order by m.created_at limit batch)),
  locked as (select m.id from public.outbox_messages m join due on due.id = m.id for update of m skip locked),
  cleared as (
    update public.outbox_messages m set payload = '{}'::jsonb, recipient = null, last_error = null
    from locked where m.id = locked.id returning m.id),
  -- A delivery error can quote the address it was sent to.
  attempts as (
    update public.outbox_attempts a set error = null from cleared c where a.message_id = c.id and a.error is not null)
  select count(*) into emptied from cleared;

  -- Sign-in and claim link emails are kept a week, for the operator's delivery reports, then forgotten.
  delete from public.outbox_messages m where m.id = any (array(
    select x.id from public.outbox_messages x
    where x.kind in ('sign_in', 'claim_link') and x.status in ('sent', 'failed') and x.created_at < now() - interval '7 days'
    order by x.created_at limit batch for update skip locked));
  get diagnostics n = row_count;
  expired := expired + n;
  delete from public.auth_links a where a.ctid = any (array(
    select x.ctid from public.auth_links x where x.expires_at < now() - make_interval(days => p_expired_days)
    limit batch for update skip locked));
  get diagnostics n = row_count;
  expired := expired + n;
  delete from public.sessions s where s.ctid = any (array(
    select x.ctid from public.sessions x where x.expires_at < now() - make_interval(days => p_expired_days)
    limit batch for update skip locked));
  get diagnostics n = row_count;
  expired := expired + n;
  -- Every abuse window is at most a day (count_write_attempt), and a throttle's block is over.
  delete from public.write_attempts w where w.ctid = any (array(
    select x.ctid from public.write_attempts x where x.created_at < now() - make_interval(days => p_expired_days)
    limit batch for update skip locked));
  get diagnostics n = row_count;
  expired := expired + n;
  delete from public.auth_throttle t where t.ctid = any (array(
    select x.ctid from public.auth_throttle x
    where x.last_failure_at < now() - make_interval(days => p_expired_days) and coalesce(x.blocked_until, '-infinity') < now()
    limit batch for update skip locked));
  get diagnostics n = row_count;
  expired := expired + n;

  return jsonb_build_object('drafts', drafts, 'anonymized', anonymized, 'emptied', emptied, 'expired', expired);
end;
$$;

revoke execute on function public.retention_run(int,int,int,int,int) from public, anon, authenticated;
grant execute on function public.retention_run(int,int,int,int,int) to service_role;
