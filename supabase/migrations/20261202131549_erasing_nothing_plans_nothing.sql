-- Written by npm run db:migration from supabase/functions/ (edit those files, not this one).

-- supabase/functions/erase_requests.sql
-- Erases these requests, by one action of their life (the operator's erase, the renter's delete, the
-- retention job's expire), which every one of them must allow: drafts are deleted; the others keep
-- what the reports count (dates, ZIP, machine, vendors, quotes' amounts) and lose everything that
-- names or describes the person: name, phone, email, client address (also in the consent and the
-- abuse limits), their reviews and the emails about them, every message's contents, recipient and
-- delivery errors, the cancellation reason, the job site's address, access notes and contact, the
-- problem they reported, the words of the bill's lines the vendor added and of the renter's disputes,
-- the rental's photos (their files queued for deletion from the store), the
-- vendors' free text about them (status reasons, quote messages), and the emailed status links. A booking whose rental has not ended is cancelled
-- and its vendor told (that email names nobody, and is the one message of the request still sent).
-- Runs in its caller's transaction: a request is erased whole or untouched.
-- Returns how many requests and reviews it erased.
create or replace function private.erase_requests(p_ids bigint[], p_action text)
returns jsonb language plpgsql security definer set search_path = '' as $$
declare
  drafts int;
  erased int;
  reviews int;
  msgs bigint[];
  told bigint[];
begin
  -- Requests erased meanwhile (by another erasure, waited for here) are left as they are.
  perform 1 from public.leads l where l.id = any (p_ids) order by l.id for update;
  p_ids := array(select l.id from public.leads l where l.id = any (p_ids) and l.state <> 'erased');
  if cardinality(p_ids) = 0 then
    -- A retention batch with none due: the statements below each took their planning time for nothing.
    return jsonb_build_object('requests', 0, 'reviews', 0);
  end if;
  perform private.lead_move(x.id, p_action) from unnest(p_ids) x (id) order by x.id;
  -- The recipients' and reviews' triggers update their vendors' rows: taken in one order, so that
  -- erasures running at once (retention in several instances) wait for each other, never deadlock.
  perform 1 from public.vendors v
  where v.id in (select r.vendor_id from public.lead_recipients r where r.lead_id = any (p_ids))
  order by v.id for update of v;

  with cancelled as (
    update public.bookings b set status = 'cancelled', cancel_reason = null, cancelled_at = now()
    where b.lead_id = any (p_ids) and b.status = 'booked' and b.end_date >= current_date and b.picked_up_at is null
    returning b.lead_id, b.vendor_id, b.quote_id),
  queued as (
    insert into public.outbox_messages (lead_id, vendor_id, channel, kind, recipient, payload, quote_id)
    select c.lead_id, v.id, 'email', 'booking_cancelled', v.email, jsonb_build_object('quote_id', c.quote_id), c.quote_id
    from cancelled c join public.vendors v on v.id = c.vendor_id
    where v.email is not null
    returning id)
  select array_agg(id) into told from queued;
  update public.lead_recipients r set status = 'lost', status_at = now()
  from public.bookings b
  where b.lead_id = r.lead_id and b.vendor_id = r.vendor_id and r.lead_id = any (p_ids) and b.status = 'cancelled' and r.status = 'won';

  delete from public.leads l where l.id = any (p_ids) and l.state = 'draft';
  get diagnostics drafts = row_count;

  delete from public.write_attempts w
  where w.client_key in (select l.client_key from public.leads l where l.id = any (p_ids) and l.client_key is not null);

  msgs := array(
    select m.id from public.outbox_messages m where m.lead_id = any (p_ids)
    union all
    select m.id from public.reviews r
    join public.outbox_messages m on m.kind = 'review_published' and m.payload->>'review_id' = r.id::text
    where r.lead_id = any (p_ids)
    except
    select unnest(told));
  update public.outbox_messages m set payload = '{}'::jsonb, recipient = null, last_error = null,
    status = case when m.status in ('pending', 'sending') then 'failed' else m.status end,
    claim_id = null, claimed_until = null
  where m.id = any (msgs);
  update public.outbox_attempts a set error = null where a.message_id = any (msgs) and a.error is not null;

  delete from public.reviews r where r.lead_id = any (p_ids);
  get diagnostics reviews = row_count;
  delete from public.auth_links a where a.lead_id = any (p_ids) and a.purpose in ('lead_status', 'lead_quote', 'lead_contacted');
  update public.lead_consents c set client_hash = null where c.lead_id = any (p_ids) and c.client_hash is not null;
  update public.bookings b set cancel_reason = null, site_address = null, access_notes = null, site_contact = null,
    site_phone = null, problem_note = null
  where b.lead_id = any (p_ids)
    and (b.cancel_reason is not null or b.site_address is not null or b.access_notes is not null or b.site_contact is not null
         or b.site_phone is not null or b.problem_note is not null);
  -- A line the vendor added keeps its kind and amount for the reports, not its words.
  update public.bill_lines l set reason = case when l.reason is null then null else 'Erased' end,
    dispute_reason = case when l.dispute_reason is null then null else 'Erased' end,
    label = case when l.kind in ('fuel', 'damage', 'cleaning', 'other') then initcap(l.kind) else l.label end
  where l.lead_id = any (p_ids) and (l.reason is not null or l.dispute_reason is not null);
  update public.booking_releases x set site_address = null, access_notes = null, site_contact = null, site_phone = null
  where x.lead_id = any (p_ids) and x.site_address is not null;
  with gone as (delete from public.rental_photos p where p.lead_id = any (p_ids) returning p.path)
  insert into private.photo_deletions (path) select g.path from gone g on conflict do nothing;
  update public.quotes q set message = null where q.lead_id = any (p_ids) and q.message is not null;
  update public.lead_recipients r set status_reason = null where r.lead_id = any (p_ids) and r.status_reason is not null;
  update public.leads l set state = 'erased', name = '', phone = '', renter_email = null, client_key = null,
    anonymized_at = coalesce(l.anonymized_at, now()), updated_at = now()
  where l.id = any (p_ids);
  get diagnostics erased = row_count;
  return jsonb_build_object('requests', drafts + erased, 'reviews', reviews);
end;
$$;

revoke execute on function private.erase_requests(bigint[],text) from public, anon, authenticated;
