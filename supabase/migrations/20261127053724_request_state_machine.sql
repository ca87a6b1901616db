-- Written by npm run db:migration from supabase/functions/ (edit those files, not this one).

-- supabase/functions/lead_state.sql
-- A request's state in its life (private.lead_transitions): the stored state, except that a sent or
-- booked request whose rental has ended is "over".
create or replace function private.lead_state(p_state text, p_rental_end_date date)
returns text language sql stable set search_path = '' as $$
  select case when p_state in ('sent', 'booked') and p_rental_end_date < current_date then 'over' else p_state end;
$$;

revoke execute on function private.lead_state(text,date) from public, anon, authenticated;

-- supabase/functions/lead_move.sql
-- The one way a rental request changes state: locks the request, finds the transition of this
-- action from its state (private.lead_transitions) and makes it, or refuses with a code that says
-- why (an erased, draft or unknown request answers as unknown). Returns the request as it is now.
-- Every write function of a request's life calls it before it writes anything else. A move to
-- erased is left to private.erase_requests, which empties the request in the same statement.
create or replace function private.lead_move(p_lead_id bigint, p_action text)
returns public.leads language plpgsql security definer set search_path = '' as $$
declare
  l public.leads;
  state text;
  target text;
begin
  select * into l from public.leads x where x.id = p_lead_id for update;
  -- A booked rental ends on the last day booked.
  state := private.lead_state(l.state, coalesce(
    (select b.end_date from public.bookings b where b.lead_id = l.id and b.status = 'booked'), l.rental_end_date));
  select t.to_state into target from private.lead_transitions t where t.action = p_action and t.from_state = state;
  if target is null then
    if l.id is null or state in ('draft', 'erased') then
      raise exception 'Rental request not found' using errcode = 'PT404', hint = 'no-request';
    end if;
    if p_action = 'delete' and state in ('sent', 'booked') then
      raise exception 'A request can be deleted once its rental has ended, it was withdrawn or its booking cancelled'
        using errcode = 'P0001', hint = 'delete-too-early';
    elsif p_action = 'cancel' and state = 'over' then
      raise exception 'The rental has started' using errcode = 'P0001', hint = 'rental-started';
    elsif p_action = 'cancel' then
      raise exception 'This request has no booking' using errcode = 'P0001', hint = 'no-booking';
    elsif p_action = 'book' and state in ('booked', 'cancelled') then
      raise exception 'This request is already booked' using errcode = 'P0001', hint = 'already-booked';
    elsif state = 'withdrawn' then
      raise exception 'The request was withdrawn' using errcode = 'P0001', hint = 'request-withdrawn';
    elsif state = 'booked' then
      raise exception 'The request is booked' using errcode = 'P0001', hint = 'request-booked';
    elsif state = 'cancelled' then
      raise exception 'The request''s booking was cancelled' using errcode = 'P0001', hint = 'request-cancelled';
    elsif state = 'over' then
      raise exception 'The rental is over' using errcode = 'P0001', hint = 'rental-over';
    end if;
    raise exception 'Not allowed while the request is %', state using errcode = 'P0001', hint = 'request-state';
  end if;
  if target not in (state, 'over', 'erased') then
    update public.leads x set state = target, completed = target <> 'draft', updated_at = now() where x.id = l.id returning * into l;
  end if;
  return l;
end;
$$;

revoke execute on function private.lead_move(bigint,text) from public, anon, authenticated;

-- supabase/functions/business_set_lead_status.sql
-- A business's status of one of its listing's requests; lost and not a fit need a reason.
-- Contacted and quoted are responses: the first one sets the response time shown on the
-- listing's page and sends the renter's invitation to review; the listing's address is returned.
create or replace function public.business_set_lead_status(p_email text, p_vendor_id bigint, p_lead_id bigint, p_status text, p_reason text)
returns jsonb language plpgsql security definer set search_path = '' as $$
begin
  perform public.business_require_manager(p_email, p_vendor_id);
  if p_status is null or p_status not in ('contacted', 'quoted', 'won', 'lost', 'not_a_fit') then
    raise exception 'Unknown status' using errcode = 'P0001', hint = 'status';
  end if;
  if p_status in ('lost', 'not_a_fit') and length(trim(coalesce(p_reason, ''))) = 0 then
    raise exception 'Please give a reason' using errcode = 'P0001', hint = 'reason-missing';
  end if;
  if length(coalesce(p_reason, '')) > 500 then
    raise exception 'A field is too long' using errcode = 'P0001', hint = 'too-long';
  end if;
  if not exists (select 1 from public.lead_recipients r where r.lead_id = p_lead_id and r.vendor_id = p_vendor_id) then
    raise exception 'No such request' using errcode = 'PT404', hint = 'no-request';
  end if;
  perform private.lead_move(p_lead_id, 'set_status');
  update public.lead_recipients r set status = p_status, status_reason = nullif(trim(coalesce(p_reason, '')), ''), status_at = now(),
    responded_at = case when p_status in ('contacted', 'quoted') then coalesce(r.responded_at, now()) else r.responded_at end
  where r.lead_id = p_lead_id and r.vendor_id = p_vendor_id;
  if not found then
    raise exception 'No such request' using errcode = 'PT404', hint = 'no-request';
  end if;
  if p_status in ('contacted', 'quoted') then
    perform public.review_invite_now(p_lead_id);
  end if;
  return public.vendor_address(p_vendor_id);
end;
$$;

revoke execute on function public.business_set_lead_status(text,bigint,bigint,text,text) from public, anon, authenticated;
grant execute on function public.business_set_lead_status(text,bigint,bigint,text,text) to service_role;

-- supabase/functions/quote_withdraw.sql
-- Withdraws a vendor's open quote for a request it received: the renter can no longer book it,
-- its status page says the vendor withdrew it, and the renter is emailed when they gave an address. Refused with a code when there is no open
-- quote to withdraw (none sent, already replaced, closed or booked).
create or replace function private.quote_withdraw(p_vendor_id bigint, p_lead_id bigint)
returns jsonb language plpgsql security definer set search_path = '' as $$
declare
  withdrawn public.quotes;
begin
  if not exists (select 1 from public.lead_recipients r where r.lead_id = p_lead_id and r.vendor_id = p_vendor_id) then
    raise exception 'No such request' using errcode = 'PT404', hint = 'no-request';
  end if;
  perform private.lead_move(p_lead_id, 'withdraw_quote');
  update public.quotes q set status = 'withdrawn', closed_at = now()
  where q.lead_id = p_lead_id and q.vendor_id = p_vendor_id and q.status = 'open'
  returning * into withdrawn;
  if withdrawn.id is null then
    raise exception 'There is no open quote to withdraw' using errcode = 'P0001', hint = 'no-quote';
  end if;
  update public.lead_recipients r set status = 'contacted', status_at = now(), status_reason = null
  where r.lead_id = p_lead_id and r.vendor_id = p_vendor_id and r.status = 'quoted';
  insert into public.outbox_messages (lead_id, vendor_id, channel, kind, recipient, payload, quote_id)
  select l.id, p_vendor_id, 'email', 'quote_withdrawn', l.renter_email, jsonb_build_object('quote_id', withdrawn.id), withdrawn.id
  from public.leads l where l.id = p_lead_id and l.renter_email is not null;
  return to_jsonb(withdrawn);
end;
$$;

revoke execute on function private.quote_withdraw(bigint,bigint) from public, anon, authenticated;

-- supabase/functions/claim_outbox_messages.sql
-- Claims up to p_limit due outbox messages for one sender (skip locked, with a lease), so
-- any number of senders in any number of instances send each message once; returns each
-- with what its template needs.
create or replace function public.claim_outbox_messages(p_limit int default 20, p_lease_seconds int default 120)
returns jsonb language plpgsql security definer set search_path = '' as $$
declare claimed jsonb;
begin
  with due as (
    select m.id from public.outbox_messages m
    where (m.status = 'pending' and m.next_attempt_at <= now())
       or (m.status = 'sending' and m.claimed_until < now())
    order by m.next_attempt_at, m.id
    limit least(greatest(coalesce(p_limit, 20), 1), 100)
    for update skip locked
  ),
  taken as (
    update public.outbox_messages m set
      status = 'sending', attempts = m.attempts + 1, claim_id = gen_random_uuid(),
      claimed_until = now() + make_interval(secs => greatest(coalesce(p_lease_seconds, 120), 10))
    from due where m.id = due.id
    returning m.*
  )
  select coalesce(jsonb_agg(jsonb_build_object(
      'id', t.id, 'claim_id', t.claim_id, 'channel', t.channel, 'attempts', t.attempts,
      'kind', t.kind, 'payload', t.payload, 'recipient', t.recipient,
      'lead', case when l.id is not null then jsonb_build_object(
        'id', l.id, 'name', l.name, 'phone', l.phone, 'email', l.renter_email, 'skid_steer_type', l.skid_steer_type,
        'rental_start_date', l.rental_start_date, 'rental_end_date', l.rental_end_date,
        'rental_days', l.rental_days, 'location', l.location, 'completed_at', l.completed_at,
        'vendor_id', l.vendor_id, 'vendor_name', l.vendor_name) end,
      'vendor', (select jsonb_build_object('id', v.id, 'name', v.name, 'email', v.email, 'reason', r.reason,
                                           'distance_miles', r.distance_miles)
                 from public.vendors v left join public.lead_recipients r on r.vendor_id = v.id and r.lead_id = l.id
                 where v.id = t.vendor_id),
      'recipients', (select coalesce(jsonb_agg(jsonb_build_object('vendor_id', r.vendor_id, 'vendor_name', v.name,
                                                                   'reason', r.reason) order by r.rank), '[]'::jsonb)
                     from public.lead_recipients r join public.vendors v on v.id = r.vendor_id where r.lead_id = l.id))
      order by t.id), '[]'::jsonb)
  into claimed
  from taken t left join public.leads l on l.id = t.lead_id;
  return claimed;
end;
$$;

revoke execute on function public.claim_outbox_messages(integer,integer) from public, anon, authenticated;
grant execute on function public.claim_outbox_messages(integer,integer) to service_role;

-- supabase/functions/consent_text.sql
-- The consent sentence the rental dialog shows beside its submit button (lib/rental/consent.ts words
-- it alike, tested), naming the vendors the request goes to, in their order, and the site. A request
-- is sent only with this sentence, rebuilt here from the vendors it is routed to.
create or replace function private.consent_text(p_vendor_names text[])
returns text language sql immutable set search_path = '' as $$
  select 'By submitting, I agree that '
    || case when cardinality(p_vendor_names) > 0 then array_to_string(p_vendor_names, ', ') || ' and ' else '' end
    || 'Skid Steer Rentals may call or text me at the phone number above about this rental request, '
    || 'including with automated technology. Consent is not a condition of renting.';
$$;

revoke execute on function private.consent_text(text[]) from public, anon, authenticated;
grant execute on function private.consent_text(text[]) to service_role;

-- supabase/functions/complete_lead.sql
-- Completes the lead, routes it and queues its messages. Returns the recipient count. A
-- request from the page of a vendor that asked to stop receiving requests goes to the
-- vendors near the job site instead. With the renter's email address, a copy of the request
-- is queued for them too: the vendors it went to, with their phones as they were then. The
-- consent sentence the renter was shown ({text, page}) is required and stored with the client's
-- keyed hash of its address: the text must be the site's sentence (private.consent_text) naming
-- the vendors the request is routed to, and the page a path of the site, or nothing is written.
create or replace function public.complete_lead(
  p_lead_id bigint, p_owner_token text, p_skid_steer_type text,
  p_rental_start_date date, p_rental_end_date date, p_name text, p_phone text,
  p_location text, p_widen boolean default false, p_webhook boolean default false, p_renter_email text default null,
  p_consent jsonb default null, p_client_hash text default null)
returns jsonb language plpgsql security definer set search_path = '' as $$
declare
  v_lead bigint;
  chosen bigint;
  days int;
  recipients int;
  consent text;
begin
  v_lead := public.owned_open_lead(p_lead_id, p_owner_token);
  if p_skid_steer_type is null or p_skid_steer_type not in ('wheeled', 'tracked') then
    raise exception 'Skid steer type must be wheeled or tracked' using errcode = 'P0001', hint = 'machine-type';
  end if;
  if length(trim(coalesce(p_name, ''))) < 2 then
    raise exception 'Name must be at least 2 characters' using errcode = 'P0001', hint = 'renter-name';
  end if;
  if length(p_name) > 100 then
    raise exception 'Name is too long' using errcode = 'P0001', hint = 'too-long';
  end if;
  if length(trim(coalesce(p_phone, ''))) < 10 or length(p_phone) > 30 then
    raise exception 'Please enter a valid phone number' using errcode = 'P0001', hint = 'phone';
  end if;
  if p_rental_start_date is null or p_rental_end_date is null then
    raise exception 'Both rental dates are required' using errcode = 'P0001', hint = 'dates-missing';
  end if;
  perform public.check_rental_dates(p_rental_start_date, p_rental_end_date);
  perform public.check_job_zip(p_location);
  if p_renter_email is not null and (length(p_renter_email) > 254 or not public.is_email_address(lower(trim(p_renter_email)))) then
    raise exception 'Please enter a valid email address' using errcode = 'P0001', hint = 'email';
  end if;
  -- Whole dates: the day difference is already an integer, its own ceiling.
  days := p_rental_end_date - p_rental_start_date;
  perform private.lead_move(v_lead, 'send');
  update public.leads l set
    step = 3, completed_at = now(), updated_at = now(),
    skid_steer_type = p_skid_steer_type, rental_start_date = p_rental_start_date,
    rental_end_date = p_rental_end_date, rental_days = days,
    name = trim(p_name), phone = trim(p_phone), location = p_location,
    widen = coalesce(p_widen, false), renter_email = lower(trim(p_renter_email))
  where l.id = v_lead
  returning l.vendor_id into chosen;

  insert into public.lead_recipients (lead_id, vendor_id, reason, rank, distance_miles)
  select v_lead, r.vendor_id, r.reason, r.rank, r.distance_miles
  from public.lead_route(p_location, chosen, p_widen) r;
  insert into public.outbox_messages (lead_id, vendor_id, channel)
  select v_lead, r.vendor_id, 'email' from public.lead_recipients r where r.lead_id = v_lead;
  if p_webhook then
    insert into public.outbox_messages (lead_id, channel) values (v_lead, 'webhook');
  end if;
  select count(*) into recipients from public.lead_recipients r where r.lead_id = v_lead;
  -- The sentence shown must be the site's own, naming exactly the vendors the request is routed to.
  consent := private.consent_text(array(select v.name from public.lead_recipients r join public.vendors v on v.id = r.vendor_id
                                        where r.lead_id = v_lead order by r.rank));
  if (p_consent->>'text') is distinct from consent then
    raise exception 'The vendors the request goes to have changed' using errcode = 'P0001', hint = 'consent-changed';
  end if;
  if length(coalesce(p_consent->>'page', '')) not between 1 and 300
     or (p_consent->>'page') !~ '^/([A-Za-z0-9._~%-]+(/[A-Za-z0-9._~%-]+)*)?$' then
    raise exception 'The page the request was sent from is not a page of the site' using errcode = 'P0001', hint = 'consent-page';
  end if;
  insert into public.lead_consents (lead_id, text, vendor_ids, page, client_hash)
  values (v_lead, consent, array(select r.vendor_id from public.lead_recipients r where r.lead_id = v_lead order by r.rank),
          p_consent->>'page', p_client_hash);
  if p_renter_email is not null then
    insert into public.outbox_messages (kind, lead_id, channel, recipient, payload)
    select 'renter_copy', v_lead, 'email', lower(trim(p_renter_email)), jsonb_build_object('recipients', coalesce(jsonb_agg(
             jsonb_build_object('name', v.name, 'phone', v.phone) order by r.rank), '[]'::jsonb))
    from public.lead_recipients r join public.vendors v on v.id = r.vendor_id where r.lead_id = v_lead;
    -- The invitation to review waits for the morning of the rental's start date, or for a
    -- vendor to mark the request contacted (review_invite_now), whichever comes first.
    insert into public.outbox_messages (kind, lead_id, channel, recipient, next_attempt_at)
    values ('review_invite', v_lead, 'email', lower(trim(p_renter_email)),
            greatest(now(), (p_rental_start_date::timestamp + interval '14 hours') at time zone 'UTC'));
  end if;
  return jsonb_build_object('id', v_lead, 'rental_days', days, 'recipients', recipients);
end;
$$;

revoke execute on function public.complete_lead(bigint,text,text,date,date,text,text,text,boolean,boolean,text,jsonb,text) from public, anon, authenticated;
grant execute on function public.complete_lead(bigint,text,text,date,date,text,text,text,boolean,boolean,text,jsonb,text) to service_role;

-- supabase/functions/erase_requests.sql
-- Erases these requests, by one action of their life (the operator's erase, the renter's delete, the
-- retention job's expire), which every one of them must allow: drafts are deleted; the others keep
-- what the reports count (dates, ZIP, machine, vendors, quotes' amounts) and lose everything that
-- names or describes the person: name, phone, email, client address (also in the consent and the
-- abuse limits), their reviews and the emails about them, every message's contents, recipient and
-- delivery errors, the cancellation reason, the vendors' free text about them (status reasons,
-- quote messages), and the emailed status links. A booking whose rental has not ended is cancelled
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
  perform private.lead_move(x.id, p_action) from unnest(p_ids) x (id) order by x.id;
  -- The recipients' and reviews' triggers update their vendors' rows: taken in one order, so that
  -- erasures running at once (retention in several instances) wait for each other, never deadlock.
  perform 1 from public.vendors v
  where v.id in (select r.vendor_id from public.lead_recipients r where r.lead_id = any (p_ids))
  order by v.id for update of v;

  with cancelled as (
    update public.bookings b set status = 'cancelled', cancel_reason = null, cancelled_at = now()
    from public.leads l
    where l.id = b.lead_id and b.lead_id = any (p_ids) and b.status = 'booked' and l.rental_end_date >= current_date
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
  delete from public.auth_links a where a.lead_id = any (p_ids) and a.purpose = 'lead_status';
  update public.lead_consents c set client_hash = null where c.lead_id = any (p_ids) and c.client_hash is not null;
  update public.bookings b set cancel_reason = null where b.lead_id = any (p_ids) and b.cancel_reason is not null;
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

-- supabase/functions/lead_booking_agrees.sql
-- Constraint trigger, checked at commit: a request is booked exactly when it has a booking that is
-- not cancelled, but for an erased one, whose ended rental's booking stays as the record.
create or replace function private.lead_booking_agrees()
returns trigger language plpgsql security definer set search_path = '' as $$
declare
  l public.leads;
  live boolean;
begin
  if tg_table_name = 'leads' then
    select * into l from public.leads x where x.id = new.id;
  else
    select * into l from public.leads x where x.id = new.lead_id;
  end if;
  if l.id is null then
    return null;
  end if;
  live := exists (select 1 from public.bookings b where b.lead_id = l.id and b.status = 'booked');
  if (l.state = 'booked' and not live) or (live and l.state not in ('booked', 'erased')) then
    raise exception 'Request % is % but its booking says otherwise', l.id, l.state using errcode = 'P0001', hint = 'request-state';
  end if;
  return null;
end;
$$;

revoke execute on function private.lead_booking_agrees() from public, anon, authenticated;

-- supabase/functions/lead_state_guard.sql
-- Trigger: a request starts as a draft (or sent, when it is written whole) and changes state only
-- along private.lead_transitions, whichever statement changes it.
create or replace function private.lead_state_guard()
returns trigger language plpgsql security definer set search_path = '' as $$
begin
  if tg_op = 'INSERT' then
    -- A request written whole (imported history) starts as sent.
    if new.completed and new.state = 'draft' then
      new.state := 'sent';
    end if;
    if new.state not in ('draft', 'sent') then
      raise exception 'A request starts as a draft' using errcode = 'P0001', hint = 'request-state';
    end if;
  elsif not exists (
    select 1 from private.lead_transitions t
    where t.to_state = new.state
      and (t.from_state = old.state or (t.from_state = 'over' and old.state in ('sent', 'booked')))) then
    raise exception 'A request cannot go from % to %', old.state, new.state using errcode = 'P0001', hint = 'request-state';
  end if;
  return new;
end;
$$;

revoke execute on function private.lead_state_guard() from public, anon, authenticated;

-- supabase/functions/renter_owns_lead.sql
-- Whether the caller proves a sent request its own (an erased one is nobody's): by the owner token its browser holds,
-- or by the status link emailed with the renter's copy (the hash of its token, while it lasts).
create or replace function private.renter_owns_lead(p_lead_id bigint, p_owner_token text, p_link_hash text)
returns boolean language sql stable security definer set search_path = '' as $$
  select exists (
    select 1 from public.leads l
    where l.id = p_lead_id and l.completed and l.state <> 'erased'
      and (l.owner_token_hash = encode(sha256(convert_to(coalesce(p_owner_token, ''), 'UTF8')), 'hex')
           or exists (select 1 from public.auth_links a where a.token_hash = p_link_hash and a.purpose = 'lead_status'
                      and a.lead_id = l.id and a.expires_at > now())));
$$;

revoke execute on function private.renter_owns_lead(bigint,text,text) from public, anon, authenticated;

-- supabase/functions/operator_erase_person.sql
-- Erases everything the site holds for the person with this phone number or email address
-- (erase_requests on each of their requests not yet erased), audit-logged with the operator, the time and the
-- counts, never the person's details. An address with nothing on file is refused with a code.
create or replace function public.operator_erase_person(p_phone text, p_email text, p_operator text)
returns jsonb language plpgsql security definer set search_path = '' as $$
declare
  ids constant bigint[] := private.person_leads(p_phone, p_email);
  live bigint[];
  done jsonb;
begin
  if ids is null then
    raise exception 'Enter a phone number of at least 10 digits or an email address' using errcode = 'P0001', hint = 'person-query';
  end if;
  live := array(select l.id from public.leads l where l.id = any (ids) and l.state <> 'erased');
  if cardinality(live) = 0 then
    raise exception 'Nothing is on file for this phone number or email address' using errcode = 'PT404', hint = 'nothing-on-file';
  end if;
  done := private.erase_requests(live, 'erase');
  perform public.audit(p_operator, 'erase_person', null, done);
  return done;
end;
$$;

revoke execute on function public.operator_erase_person(text,text,text) from public, anon, authenticated;
grant execute on function public.operator_erase_person(text,text,text) to service_role;

-- supabase/functions/operator_mark_spam.sql
-- Marks a lead spam (while it is sent or withdrawn, never booked: private.lead_move), or not: spam
-- leaves reports and counts, and its unsent messages are not sent.
create or replace function public.operator_mark_spam(p_id bigint, p_spam boolean, p_operator text)
returns void language plpgsql security definer set search_path = '' as $$
begin
  if not exists (select 1 from public.leads l where l.id = p_id and l.completed and l.state <> 'erased') then
    raise exception 'No such rental request' using errcode = 'PT404', hint = 'no-record';
  end if;
  if p_spam then
    perform private.lead_move(p_id, 'mark_spam');
  end if;
  update public.leads l set spam = p_spam where l.id = p_id;
  if p_spam then
    update public.outbox_messages m set status = 'failed', last_error = 'marked as spam', claim_id = null, claimed_until = null
    where m.lead_id = p_id and m.status in ('pending', 'sending');
  end if;
  perform public.audit(p_operator, case when p_spam then 'spam' else 'not_spam' end, 'lead ' || p_id);
end;
$$;

revoke execute on function public.operator_mark_spam(bigint,boolean,text) from public, anon, authenticated;
grant execute on function public.operator_mark_spam(bigint,boolean,text) to service_role;

-- supabase/functions/operator_resend_lead.sql
-- Sends the request again to each vendor whose email finally failed (while it is sent: private.lead_move);
-- a delivered message is never sent twice.
create or replace function public.operator_resend_lead(p_id bigint, p_operator text)
returns int language plpgsql security definer set search_path = '' as $$
declare queued int;
begin
  if not exists (select 1 from public.leads l where l.id = p_id and l.completed and l.state <> 'erased') then
    raise exception 'No such rental request' using errcode = 'PT404', hint = 'no-record';
  end if;
  if exists (select 1 from public.leads l where l.id = p_id and l.spam) then
    raise exception 'This request is marked as spam' using errcode = 'P0001', hint = 'spam';
  end if;
  perform private.lead_move(p_id, 'resend');
  update public.outbox_messages m set status = 'pending', attempts = 0, next_attempt_at = now(),
    claim_id = null, claimed_until = null, last_error = null
  where m.lead_id = p_id and m.kind = 'lead' and m.status = 'failed';
  get diagnostics queued = row_count;
  perform public.audit(p_operator, 'resend', 'lead ' || p_id, jsonb_build_object('messages', queued));
  return queued;
end;
$$;

revoke execute on function public.operator_resend_lead(bigint,text) from public, anon, authenticated;
grant execute on function public.operator_resend_lead(bigint,text) to service_role;

-- supabase/functions/refuse_after_erasure.sql
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

-- supabase/functions/renter_book_quote.sql
-- Books one quote of the renter's own request (proven as renter_owns_lead proves it). The request's row is
-- locked, so of two bookings at once exactly one is made; a request has at most one booking.
-- The request must be sent (private.lead_move), the quote open and still valid. The booking holds
-- the dates booked: the quote's other dates when it offered them, else the request's. The booked vendor is told with the renter's details,
-- the renter gets a confirmation, and every other vendor that received the request is told the
-- renter chose another vendor, its open quote closed. Returns the booking.
create or replace function public.renter_book_quote(p_lead_id bigint, p_owner_token text, p_link_hash text, p_quote_id bigint)
returns jsonb language plpgsql security definer set search_path = '' as $$
declare
  l public.leads;
  chosen public.quotes;
  booking public.bookings;
begin
  if not private.renter_owns_lead(p_lead_id, p_owner_token, p_link_hash) then
    raise exception 'Rental request not found' using errcode = 'PT404', hint = 'no-request';
  end if;
  l := private.lead_move(p_lead_id, 'book');
  select * into chosen from public.quotes q where q.id = p_quote_id and q.lead_id = l.id;
  if chosen.id is null then
    raise exception 'No such quote' using errcode = 'PT404', hint = 'no-quote';
  end if;
  if chosen.status <> 'open' then
    raise exception 'This quote was replaced or withdrawn' using errcode = 'P0001', hint = 'quote-closed';
  end if;
  if chosen.valid_until <= now() then
    raise exception 'This quote has expired' using errcode = 'P0001', hint = 'quote-expired';
  end if;

  insert into public.bookings (lead_id, quote_id, vendor_id, start_date, end_date)
  values (l.id, chosen.id, chosen.vendor_id, coalesce(chosen.alternate_start, l.rental_start_date),
          coalesce(chosen.alternate_end, l.rental_end_date))
  returning * into booking;
  update public.quotes q set status = case when q.id = chosen.id then 'booked' else 'closed' end, closed_at = now()
  where q.lead_id = l.id and q.status = 'open';
  update public.lead_recipients r set
    status = case when r.vendor_id = chosen.vendor_id then 'won' else 'lost' end,
    status_reason = case when r.vendor_id = chosen.vendor_id then null else 'The renter chose another vendor' end,
    status_at = now()
  where r.lead_id = l.id;
  insert into public.outbox_messages (lead_id, vendor_id, channel, kind, recipient, payload, quote_id)
  select l.id, r.vendor_id, 'email', case when r.vendor_id = chosen.vendor_id then 'booked' else 'chose_another' end, v.email,
         jsonb_build_object('quote_id', chosen.id), chosen.id
  from public.lead_recipients r join public.vendors v on v.id = r.vendor_id
  where r.lead_id = l.id and v.email is not null;
  if l.renter_email is not null then
    insert into public.outbox_messages (lead_id, vendor_id, channel, kind, recipient, payload, quote_id)
    values (l.id, chosen.vendor_id, 'email', 'booking_confirmation', l.renter_email, jsonb_build_object('quote_id', chosen.id), chosen.id);
  end if;
  return to_jsonb(booking);
end;
$$;

revoke execute on function public.renter_book_quote(bigint,text,text,bigint) from public, anon, authenticated;
grant execute on function public.renter_book_quote(bigint,text,text,bigint) to service_role;

-- supabase/functions/renter_cancel_booking.sql
-- Cancels the booking of the renter's own request (proven as renter_owns_lead proves it), with a reason,
-- until the first day booked. The booked vendor is told.
create or replace function public.renter_cancel_booking(p_lead_id bigint, p_owner_token text, p_link_hash text, p_reason text)
returns jsonb language plpgsql security definer set search_path = '' as $$
declare
  l public.leads;
  booking public.bookings;
  reason constant text := trim(coalesce(p_reason, ''));
begin
  if not private.renter_owns_lead(p_lead_id, p_owner_token, p_link_hash) then
    raise exception 'Rental request not found' using errcode = 'PT404', hint = 'no-request';
  end if;
  l := private.lead_move(p_lead_id, 'cancel');
  select * into booking from public.bookings b where b.lead_id = l.id and b.status = 'booked';
  if current_date >= booking.start_date then
    raise exception 'The rental has started' using errcode = 'P0001', hint = 'rental-started';
  end if;
  if length(reason) = 0 then
    raise exception 'Please give a reason' using errcode = 'P0001', hint = 'reason-missing';
  end if;
  if length(reason) > 500 then
    raise exception 'A field is too long' using errcode = 'P0001', hint = 'too-long';
  end if;
  update public.bookings b set status = 'cancelled', cancel_reason = reason, cancelled_at = now()
  where b.lead_id = l.id returning * into booking;
  update public.lead_recipients r set status = 'lost', status_reason = 'Cancelled by the renter', status_at = now()
  where r.lead_id = l.id and r.vendor_id = booking.vendor_id;
  insert into public.outbox_messages (lead_id, vendor_id, channel, kind, recipient, payload, quote_id)
  select l.id, v.id, 'email', 'booking_cancelled', v.email, jsonb_build_object('quote_id', booking.quote_id), booking.quote_id
  from public.vendors v where v.id = booking.vendor_id and v.email is not null;
  return to_jsonb(booking);
end;
$$;

revoke execute on function public.renter_cancel_booking(bigint,text,text,text) from public, anon, authenticated;
grant execute on function public.renter_cancel_booking(bigint,text,text,text) to service_role;

-- supabase/functions/renter_delete_request.sql
-- The renter deletes their own request (proven as renter_owns_lead proves it) once its rental
-- has ended, it was withdrawn or its booking cancelled: it is erased (erase_requests) and no longer
-- opens from their browser or the emailed link. Refused with a code before then.
create or replace function public.renter_delete_request(p_lead_id bigint, p_owner_token text, p_link_hash text)
returns void language plpgsql security definer set search_path = '' as $$
begin
  if not private.renter_owns_lead(p_lead_id, p_owner_token, p_link_hash) then
    raise exception 'Rental request not found' using errcode = 'PT404', hint = 'no-request';
  end if;
  perform private.erase_requests(array[p_lead_id], 'delete');
end;
$$;

revoke execute on function public.renter_delete_request(bigint,text,text) from public, anon, authenticated;
grant execute on function public.renter_delete_request(bigint,text,text) to service_role;

-- supabase/functions/renter_review_save.sql
-- The renter writes (p_edit false) or edits (p_edit true) their review of one vendor that
-- received their request, proven as renter_owns_lead proves it. One review per request and vendor,
-- editable for 30 days; an edit goes back to the moderation queue. Limits: 10 reviews a
-- day per client, 5 in 30 days per phone number. Returns the review's id.
create or replace function public.renter_review_save(p_lead_id bigint, p_vendor_id bigint, p_owner_token text, p_link_hash text,
  p_client_key text, p_stars int, p_body text, p_edit boolean)
returns bigint language plpgsql security definer set search_path = '' as $$
declare
  lead public.leads;
  existing public.reviews;
  refusal text;
  v_body text := nullif(trim(coalesce(p_body, '')), '');
  v_id bigint;
begin
  if not private.renter_owns_lead(p_lead_id, p_owner_token, p_link_hash) then
    raise exception 'Rental request not found' using errcode = 'PT404', hint = 'no-request';
  end if;
  if p_stars is null or p_stars not between 1 and 5 then
    raise exception 'Choose 1 to 5 stars' using errcode = 'P0001', hint = 'review-stars';
  end if;
  if length(coalesce(v_body, '')) > 2000 then
    raise exception 'A field is too long' using errcode = 'P0001', hint = 'too-long';
  end if;
  lead := private.lead_move(p_lead_id, 'review');
  select * into existing from public.reviews r where r.lead_id = p_lead_id and r.vendor_id = p_vendor_id for update;
  if p_edit then
    if existing.id is null then
      raise exception 'No such review' using errcode = 'PT404', hint = 'no-record';
    end if;
    if existing.created_at < now() - interval '30 days' then
      raise exception 'A review can be edited for 30 days' using errcode = 'PT409', hint = 'review-locked';
    end if;
  elsif existing.id is not null then
    raise exception 'You have already reviewed this vendor for this request' using errcode = 'PT409', hint = 'review-exists';
  else
    refusal := public.review_refusal(p_lead_id, p_vendor_id);
    if refusal = 'review-not-recipient' then
      raise exception 'This vendor did not receive this request' using errcode = 'PT409', hint = 'review-not-recipient';
    elsif refusal = 'review-withdrawn' then
      raise exception 'The request was withdrawn before the vendor answered' using errcode = 'PT409', hint = 'review-withdrawn';
    elsif refusal = 'review-too-early' then
      raise exception 'The vendor has not contacted the renter and the rental has not started' using errcode = 'PT409', hint = 'review-too-early';
    end if;
  end if;
  perform public.count_write_attempt('review', p_client_key, interval '1 day', 10, 'Too many reviews from this connection');
  if p_edit then
    update public.reviews r set stars = p_stars, body = v_body, status = 'pending', published_at = null, reject_reason = null,
      held_reason = public.review_hold_reason(v_body, existing.id), updated_at = now()
    where r.id = existing.id;
    return existing.id;
  end if;
  if (select count(*) from public.reviews r join public.leads o on o.id = r.lead_id
      where regexp_replace(o.phone, '\D', '', 'g') = regexp_replace(lead.phone, '\D', '', 'g')
        and r.created_at > now() - interval '30 days') >= 5 then
    raise exception 'Too many reviews from this phone number' using errcode = 'PT429', hint = 'limit-review-phone';
  end if;
  insert into public.reviews (lead_id, vendor_id, stars, body, author, machine, requested_at, held_reason)
  values (p_lead_id, p_vendor_id, p_stars, v_body, public.reviewer_name(lead.name), lead.skid_steer_type, lead.completed_at,
          public.review_hold_reason(v_body, null))
  returning id into v_id;
  return v_id;
end;
$$;

revoke execute on function public.renter_review_save(bigint,bigint,text,text,text,integer,text,boolean) from public, anon, authenticated;
grant execute on function public.renter_review_save(bigint,bigint,text,text,text,integer,text,boolean) to service_role;

-- supabase/functions/retention_run.sql
-- One batch of the retention periods (days unless said), at most p_batch rows of each kind:
-- drafts never sent are deleted p_draft_days after their last change; sent requests are
-- erased in place (erase_requests, as the action expire) p_personal_months after they were sent,
-- keeping dates, ZIP and vendors for reports; sent (or finally failed) messages lose their payload and recipient (and
-- their delivery attempts' errors) p_sent_days after; expired links and sessions, and throttle
-- rows past every window, go p_expired_days after. Each row is changed by one statement, so it
-- is done or untouched; rows another instance is working on are skipped, never done twice.
-- Returns how many of each it changed.
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

  anonymized := (private.erase_requests(array(
    select l.id from public.leads l
    where l.completed and l.anonymized_at is null and l.completed_at < now() - make_interval(months => p_personal_months)
    order by l.completed_at limit batch for update skip locked), 'expire')->>'requests')::int;

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

-- supabase/functions/update_lead.sql
-- Saves one step's or field's change to the browser's own draft rental request.
create or replace function public.update_lead(
  p_lead_id bigint, p_owner_token text, p_step int,
  p_skid_steer_type text default null, p_rental_start_date date default null,
  p_rental_end_date date default null, p_name text default null, p_phone text default null,
  p_location text default null, p_widen boolean default null)
returns void language plpgsql security definer set search_path = '' as $$
declare lead_id bigint;
begin
  lead_id := public.owned_open_lead(p_lead_id, p_owner_token);
  perform private.lead_move(lead_id, 'edit');
  if p_step is null or p_step not between 1 and 3 then
    raise exception 'Step must be 1, 2 or 3' using errcode = 'P0001', hint = 'lead-step';
  end if;
  if p_skid_steer_type is not null and p_skid_steer_type not in ('wheeled', 'tracked') then
    raise exception 'Skid steer type must be wheeled or tracked' using errcode = 'P0001', hint = 'machine-type';
  end if;
  if length(p_name) > 100 then
    raise exception 'Name is too long' using errcode = 'P0001', hint = 'too-long';
  end if;
  if length(p_phone) > 30 then
    raise exception 'Phone number is too long' using errcode = 'P0001', hint = 'too-long';
  end if;
  if p_location is not null then
    perform public.check_job_zip(p_location);
  end if;
  perform public.check_rental_dates(p_rental_start_date, p_rental_end_date);
  update public.leads l set
    step = p_step,
    skid_steer_type = coalesce(p_skid_steer_type, l.skid_steer_type),
    rental_start_date = coalesce(p_rental_start_date, l.rental_start_date),
    rental_end_date = coalesce(p_rental_end_date, l.rental_end_date),
    name = coalesce(p_name, l.name),
    phone = coalesce(p_phone, l.phone),
    location = coalesce(p_location, l.location),
    widen = coalesce(p_widen, l.widen),
    updated_at = now()
  where l.id = lead_id;
end;
$$;

revoke execute on function public.update_lead(bigint,text,integer,text,date,date,text,text,text,boolean) from public, anon, authenticated;
grant execute on function public.update_lead(bigint,text,integer,text,date,date,text,text,text,boolean) to service_role;

-- supabase/functions/withdraw_lead.sql
-- Withdraws the renter's own request (proven as renter_owns_lead proves it) while it is sent and not
-- booked (a booking is cancelled instead, which tells its vendor); withdrawing twice changes nothing.
-- The vendors' messages not yet sent are cancelled, their open quotes closed, and the invitation to
-- review when no vendor has answered.
create or replace function public.withdraw_lead(p_lead_id bigint, p_owner_token text, p_link_hash text default null)
returns void language plpgsql security definer set search_path = '' as $$
begin
  if not private.renter_owns_lead(p_lead_id, p_owner_token, p_link_hash) then
    raise exception 'Rental request not found' using errcode = 'PT404', hint = 'no-request';
  end if;
  perform private.lead_move(p_lead_id, 'withdraw');
  update public.leads l set withdrawn_at = coalesce(l.withdrawn_at, now()), updated_at = now() where l.id = p_lead_id;
  update public.quotes q set status = 'closed', closed_at = now() where q.lead_id = p_lead_id and q.status = 'open';
  update public.outbox_messages m set status = 'failed', last_error = 'withdrawn by the renter', claim_id = null, claimed_until = null
  where m.lead_id = p_lead_id and m.status in ('pending', 'sending')
    and (m.kind = 'lead' or (m.kind = 'review_invite' and not exists (
           select 1 from public.lead_recipients r where r.lead_id = p_lead_id and r.responded_at is not null)));
end;
$$;

revoke execute on function public.withdraw_lead(bigint,text,text) from public, anon, authenticated;
grant execute on function public.withdraw_lead(bigint,text,text) to service_role;
