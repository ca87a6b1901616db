-- Written by npm run db:migration from supabase/functions/ (edit those files, not this one).

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
    elsif p_action = 'book' and state = 'booked' then
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

-- supabase/functions/quote_save.sql
-- Saves a vendor's quote for a request it received, replacing its open one (a revision), and
-- returns it. The total is the database's (private.quote_totals, which lib/quotes/money.ts agrees
-- with), and a quote whose stated total differs is refused; so is a control character in its text,
-- or other dates past a year from today.
-- Refused alike with a code: a request the vendor did not receive, withdrawn, already booked or
-- whose rental has started; a negative or malformed amount; a validity past 14 days or past the
-- rental's start; alternate dates out of order. A quote is a response: the first one sets the
-- response time and sends the renter's invitation to review. The renter is emailed each one.
create or replace function private.quote_save(p_vendor_id bigint, p_lead_id bigint, p_quote jsonb)
returns jsonb language plpgsql security definer set search_path = '' as $$
declare
  l public.leads;
  q constant jsonb := coalesce(p_quote, '{}'::jsonb);
  line jsonb;
  lines jsonb := '[]'::jsonb;
  quantity numeric;
  unit bigint;
  totals jsonb;
  valid timestamptz;
  previous public.quotes;
  saved public.quotes;
begin
  if not exists (select 1 from public.lead_recipients r where r.lead_id = p_lead_id and r.vendor_id = p_vendor_id and not r.spam) then
    raise exception 'No such request' using errcode = 'PT404', hint = 'no-request';
  end if;
  l := private.lead_move(p_lead_id, 'quote');
  if l.rental_start_date <= current_date then
    raise exception 'The rental has started' using errcode = 'P0001', hint = 'rental-started';
  end if;
  if jsonb_typeof(q->'lines') is distinct from 'array' or jsonb_array_length(q->'lines') not between 1 and 20 then
    raise exception 'A quote needs between 1 and 20 lines' using errcode = 'P0001', hint = 'quote-lines';
  end if;
  for line in select * from jsonb_array_elements(q->'lines') loop
    if coalesce(line->>'kind', '') not in ('rental', 'delivery', 'pickup', 'waiver', 'hours', 'fuel', 'fee')
       or length(trim(coalesce(line->>'label', ''))) not between 1 and 80 or (line->>'label') ~ '[\x01-\x1f\x7f-\x9f]'
       or jsonb_typeof(line->'quantity') is distinct from 'number' or jsonb_typeof(line->'unit_cents') is distinct from 'number' then
      raise exception 'A line is incomplete' using errcode = 'P0001', hint = 'quote-lines';
    end if;
    quantity := (line->>'quantity')::numeric;
    unit := (line->>'unit_cents')::numeric;
    if quantity < 0 or unit < 0 then
      raise exception 'Amounts cannot be negative' using errcode = 'P0001', hint = 'negative-amount';
    end if;
    if quantity = 0 or quantity > 1000 or scale(quantity) > 2 or unit > 10000000 or (line->>'unit_cents')::numeric <> unit then
      raise exception 'A line is out of range' using errcode = 'P0001', hint = 'quote-lines';
    end if;
    lines := lines || jsonb_build_object('kind', line->>'kind', 'label', trim(line->>'label'), 'quantity', quantity, 'unit_cents', unit);
  end loop;
  if coalesce((q->>'tax_percent')::numeric, 0) not between 0 and 20 or scale((q->>'tax_percent')::numeric) > 3 then
    raise exception 'Sales tax must be between 0 and 20 percent' using errcode = 'P0001', hint = 'quote-tax';
  end if;
  totals := private.quote_totals(lines, (q->>'tax_percent')::numeric);
  select coalesce(jsonb_agg(x.line || jsonb_build_object('amount_cents', totals->'amounts'->(x.n::int - 1)) order by x.n), '[]'::jsonb)
  into lines from jsonb_array_elements(lines) with ordinality x (line, n);
  if (q->>'total_cents')::bigint is distinct from (totals->>'total_cents')::bigint then
    raise exception 'The total does not match the lines' using errcode = 'P0001', hint = 'total-mismatch';
  end if;
  if (q->>'message') ~ '[\x01-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]' or (q->>'model') ~ '[\x01-\x1f\x7f-\x9f]' then
    raise exception 'A field of the quote holds a control character' using errcode = 'P0001', hint = 'quote-invalid';
  end if;
  valid := coalesce((q->>'valid_until')::timestamptz, least(now() + interval '3 days', l.rental_start_date::timestamptz));
  if valid <= now() or valid > now() + interval '14 days' or valid > l.rental_start_date::timestamptz then
    raise exception 'A quote is valid for at most 14 days, and not past the rental''s start' using errcode = 'P0001', hint = 'quote-window';
  end if;
  if not coalesce((q->>'available')::boolean, true)
     and ((q->>'alternate_start')::date is null or (q->>'alternate_end')::date is null
          or (q->>'alternate_end')::date < (q->>'alternate_start')::date or (q->>'alternate_start')::date <= current_date
          or (q->>'alternate_end')::date > (current_date + interval '1 year')::date) then
    raise exception 'Give the dates the machine is available instead' using errcode = 'P0001', hint = 'quote-dates';
  end if;

  update public.quotes x set status = 'replaced', closed_at = now()
  where x.lead_id = l.id and x.vendor_id = p_vendor_id and x.status = 'open'
  returning * into previous;
  insert into public.quotes (lead_id, vendor_id, revision, machine_class, model, available, alternate_start, alternate_end, lines,
                             included_hours, over_hour_cents, fuel_policy, tax_percent, subtotal_cents, tax_cents, total_cents,
                             message, valid_until)
  values (l.id, p_vendor_id,
          coalesce((select max(x.revision) from public.quotes x where x.lead_id = l.id and x.vendor_id = p_vendor_id), 0) + 1,
          q->>'machine_class', nullif(trim(coalesce(q->>'model', '')), ''), coalesce((q->>'available')::boolean, true),
          case when not coalesce((q->>'available')::boolean, true) then (q->>'alternate_start')::date end,
          case when not coalesce((q->>'available')::boolean, true) then (q->>'alternate_end')::date end,
          lines, (q->>'included_hours')::int, (q->>'over_hour_cents')::int, q->>'fuel_policy',
          (q->>'tax_percent')::numeric, (totals->>'subtotal_cents')::bigint, (totals->>'tax_cents')::bigint,
          (totals->>'total_cents')::bigint, nullif(trim(coalesce(q->>'message', '')), ''), valid)
  returning * into saved;

  update public.lead_recipients r set status = 'quoted', status_at = now(), status_reason = null,
    responded_at = coalesce(r.responded_at, now())
  where r.lead_id = l.id and r.vendor_id = p_vendor_id;
  perform public.review_invite_now(l.id);
  if l.renter_email is not null then
    insert into public.outbox_messages (lead_id, vendor_id, channel, kind, recipient, payload, quote_id)
    values (l.id, p_vendor_id, 'email', 'quote', l.renter_email,
            jsonb_build_object('quote_id', saved.id, 'revised', previous.id is not null), saved.id);
  end if;
  return to_jsonb(saved);
exception
  when invalid_text_representation or numeric_value_out_of_range or invalid_datetime_format or datetime_field_overflow then
    raise exception 'A field of the quote is not valid' using errcode = 'P0001', hint = 'quote-invalid';
  when check_violation then
    raise exception 'A field of the quote is not valid' using errcode = 'P0001', hint = 'quote-invalid';
end;
$$;

revoke execute on function private.quote_save(bigint,bigint,jsonb) from public, anon, authenticated;

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
     or (p_consent->>'page') !~ '^/([A-Za-z0-9_~-][A-Za-z0-9._~-]*(/[A-Za-z0-9_~-][A-Za-z0-9._~-]*)*)?$' then
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
    where b.lead_id = any (p_ids) and b.status = 'booked' and b.end_date >= current_date
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
