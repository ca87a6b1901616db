-- Written by npm run db:migration from supabase/functions/ (edit those files, not this one).

-- supabase/functions/erase_leads.sql
-- Blanks the personal fields of these requests in place (name, phone, email, client address,
-- the consent's hashed address), keeping what the reports count; empties their messages' contents
-- and recipients, cancelling those not yet sent. It runs in its caller's transaction, so a
-- request is erased whole or untouched. Returns how many requests it changed.
create or replace function private.erase_leads(p_ids bigint[])
returns int language plpgsql security definer set search_path = '' as $$
declare
  n int;
begin
  update public.leads l set name = '', phone = '', renter_email = null, client_key = null, anonymized_at = now()
  where l.id = any (p_ids) and l.anonymized_at is null;
  get diagnostics n = row_count;
  update public.lead_consents c set client_hash = null where c.lead_id = any (p_ids) and c.client_hash is not null;
  update public.outbox_messages m set payload = '{}'::jsonb, recipient = null, last_error = null,
    status = case when m.status in ('pending', 'sending') then 'failed' else m.status end,
    claim_id = null, claimed_until = null
  where m.lead_id = any (p_ids) and (m.payload <> '{}'::jsonb or m.recipient is not null or m.status in ('pending', 'sending'));
  return n;
end;
$$;

revoke execute on function private.erase_leads(bigint[]) from public, anon, authenticated;

-- supabase/functions/erase_requests.sql
-- Erases these requests: drafts are deleted; sent ones are erased in place (erase_leads), their
-- reviews deleted (off every public page; the listings' figures follow) and their emailed links
-- revoked. Returns how many requests and reviews it erased.
create or replace function private.erase_requests(p_ids bigint[])
returns jsonb language plpgsql security definer set search_path = '' as $$
declare
  drafts int;
  erased int;
  reviews int;
begin
  perform 1 from public.leads l where l.id = any (p_ids) order by l.id for update;
  delete from public.leads l where l.id = any (p_ids) and not l.completed;
  get diagnostics drafts = row_count;
  delete from public.reviews r where r.lead_id = any (p_ids);
  get diagnostics reviews = row_count;
  delete from public.auth_links a where a.lead_id = any (p_ids) and a.purpose = 'lead_status';
  erased := private.erase_leads(p_ids);
  return jsonb_build_object('requests', drafts + erased, 'reviews', reviews);
end;
$$;

revoke execute on function private.erase_requests(bigint[]) from public, anon, authenticated;

-- supabase/functions/person_leads.sql
-- The requests, sent or not, made with this phone number (its last 10 digits, however it was
-- typed) or this email address; null when neither is given in a usable form.
create or replace function private.person_leads(p_phone text, p_email text)
returns bigint[] language sql stable security definer set search_path = '' as $$
  select case when digits is null and email is null then null else array(
    select l.id from public.leads l
    where (digits is not null and l.phone <> '' and right(regexp_replace(l.phone, '\D', '', 'g'), 10) = digits)
       or (email is not null and l.renter_email = email)
    order by l.id) end
  from (select case when length(regexp_replace(coalesce(p_phone, ''), '\D', '', 'g')) >= 10
                    then right(regexp_replace(p_phone, '\D', '', 'g'), 10) end as digits,
               case when public.is_email_address(lower(trim(coalesce(p_email, '')))) then lower(trim(p_email)) end as email) q;
$$;

revoke execute on function private.person_leads(text,text) from public, anon, authenticated;

-- supabase/functions/operator_erase_person.sql
-- Erases everything the site holds for the person with this phone number or email address
-- (erase_requests on each of their requests), audit-logged with the operator, the time and the
-- counts, never the person's details. An address with nothing on file is refused with a code.
create or replace function public.operator_erase_person(p_phone text, p_email text, p_operator text)
returns jsonb language plpgsql security definer set search_path = '' as $$
declare
  ids constant bigint[] := private.person_leads(p_phone, p_email);
  done jsonb;
begin
  if ids is null then
    raise exception 'Enter a phone number of at least 10 digits or an email address' using errcode = 'P0001', hint = 'person-query';
  end if;
  if cardinality(ids) = 0 or not exists (select 1 from public.leads l where l.id = any (ids) and l.anonymized_at is null) then
    raise exception 'Nothing is on file for this phone number or email address' using errcode = 'PT404', hint = 'nothing-on-file';
  end if;
  done := private.erase_requests(ids);
  perform public.audit(p_operator, 'erase_person', null, done);
  return done;
end;
$$;

revoke execute on function public.operator_erase_person(text,text,text) from public, anon, authenticated;
grant execute on function public.operator_erase_person(text,text,text) to service_role;

-- supabase/functions/operator_person.sql
-- Everything the site holds for the person with this phone number or email address: their
-- requests (with the personal fields), their reviews, the messages sent about those requests and
-- their consent records. Refused with a code when neither is given in a usable form.
create or replace function public.operator_person(p_phone text, p_email text)
returns jsonb language plpgsql stable security definer set search_path = '' as $$
declare
  ids constant bigint[] := private.person_leads(p_phone, p_email);
begin
  if ids is null then
    raise exception 'Enter a phone number of at least 10 digits or an email address' using errcode = 'P0001', hint = 'person-query';
  end if;
  return jsonb_build_object(
    'requests', (select coalesce(jsonb_agg(jsonb_build_object('id', l.id, 'completed', l.completed, 'created_at', l.created_at,
        'completed_at', l.completed_at, 'name', l.name, 'phone', l.phone, 'email', l.renter_email, 'location', l.location,
        'rental_start_date', l.rental_start_date, 'rental_end_date', l.rental_end_date, 'withdrawn_at', l.withdrawn_at,
        'anonymized_at', l.anonymized_at) order by l.id), '[]'::jsonb) from public.leads l where l.id = any (ids)),
    'reviews', (select coalesce(jsonb_agg(jsonb_build_object('id', r.id, 'lead_id', r.lead_id, 'vendor_name', v.name, 'stars', r.stars,
        'author', r.author, 'status', r.status, 'created_at', r.created_at) order by r.id), '[]'::jsonb)
      from public.reviews r join public.vendors v on v.id = r.vendor_id where r.lead_id = any (ids)),
    'messages', (select coalesce(jsonb_agg(jsonb_build_object('id', m.id, 'lead_id', m.lead_id, 'kind', m.kind, 'channel', m.channel,
        'recipient', m.recipient, 'status', m.status, 'sent_at', m.sent_at) order by m.id), '[]'::jsonb)
      from public.outbox_messages m where m.lead_id = any (ids)),
    'consents', (select coalesce(jsonb_agg(jsonb_build_object('lead_id', c.lead_id, 'given_at', c.given_at, 'page', c.page,
        'text', c.text) order by c.lead_id), '[]'::jsonb) from public.lead_consents c where c.lead_id = any (ids)));
end;
$$;

revoke execute on function public.operator_person(text,text) from public, anon, authenticated;
grant execute on function public.operator_person(text,text) to service_role;

-- supabase/functions/renter_delete_request.sql
-- The renter deletes their own request (proven as renter_owns_lead proves it) once its rental
-- has ended or it was withdrawn: it is erased (erase_requests) and no longer opens from their
-- browser or the emailed link. Refused with a code before then.
create or replace function public.renter_delete_request(p_lead_id bigint, p_owner_token text, p_link_hash text)
returns void language plpgsql security definer set search_path = '' as $$
declare
  l public.leads;
begin
  if not private.renter_owns_lead(p_lead_id, p_owner_token, p_link_hash) then
    raise exception 'Rental request not found' using errcode = 'PT404', hint = 'no-request';
  end if;
  select * into l from public.leads x where x.id = p_lead_id for update;
  if l.withdrawn_at is null and l.rental_end_date >= current_date then
    raise exception 'A request can be deleted once its rental has ended or it was withdrawn' using errcode = 'P0001',
      hint = 'delete-too-early';
  end if;
  perform private.erase_requests(array[l.id]);
  -- The browser's secret no longer opens it.
  update public.leads x set owner_token_hash = encode(sha256(convert_to(gen_random_uuid()::text, 'UTF8')), 'hex')
  where x.id = l.id;
end;
$$;

revoke execute on function public.renter_delete_request(bigint,text,text) from public, anon, authenticated;
grant execute on function public.renter_delete_request(bigint,text,text) to service_role;

-- supabase/functions/retention_run.sql
-- One batch of the retention periods (days unless said), at most p_batch rows of each kind:
-- drafts never sent are deleted p_draft_days after their last change; completed requests are
-- erased in place (erase_leads) p_personal_months after completion, keeping dates, ZIP and
-- vendors for reports; sent (or finally failed) messages lose their payload and recipient p_sent_days
-- after; expired links and sessions, and throttle rows past every window, go p_expired_days
-- after. Each row is changed by one statement, so it is done or untouched; rows another
-- instance is working on are skipped, never done twice. Returns how many of each it changed.
create or replace function public.retention_run(p_draft_days int, p_personal_months int, p_sent_days int, p_expired_days int,
  p_batch int default 500)
returns jsonb language plpgsql security definer set search_path = '' as $$
declare
  batch constant int := least(greatest(coalesce(p_batch, 500), 1), 5000);
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
    order by l.updated_at limit batch for update skip locked)
  delete from public.leads l using doomed d where l.id = d.id;
  get diagnostics drafts = row_count;

  anonymized := private.erase_leads(array(
    select l.id from public.leads l
    where l.completed and l.anonymized_at is null and l.completed_at < now() - make_interval(months => p_personal_months)
    order by l.completed_at limit batch for update skip locked));

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
  locked as (select m.id from public.outbox_messages m join due on due.id = m.id for update of m skip locked)
  update public.outbox_messages m set payload = '{}'::jsonb, recipient = null, last_error = null
  from locked where m.id = locked.id;
  get diagnostics emptied = row_count;

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
