-- Written by npm run db:migration from supabase/functions/ (edit those files, not this one).

-- supabase/functions/text_send_at.sql
-- When a text queued at p_at may be sent: at once, unless it is 9 pm to 8 am in the recipient's
-- time zone (p_zone), then at 8 am there; a text about a rental starting within 24 hours (its
-- first day, p_starts, begins in that zone less than a day after p_at) is sent at once.
create or replace function private.text_send_at(p_zone text, p_at timestamptz, p_starts date)
returns timestamptz language sql stable set search_path = '' as $$
  select case
    when p_starts is not null and (p_starts::timestamp at time zone p_zone) < p_at + interval '24 hours' then p_at
    when (p_at at time zone p_zone)::time >= time '21:00'
      then (((p_at at time zone p_zone)::date + 1) + time '08:00') at time zone p_zone
    when (p_at at time zone p_zone)::time < time '08:00'
      then ((p_at at time zone p_zone)::date + time '08:00') at time zone p_zone
    else p_at
  end;
$$;

revoke execute on function private.text_send_at(text,timestamptz,date) from public, anon, authenticated;

-- supabase/functions/queue_text.sql
-- Queues a text of this kind about a request: to the vendor (p_to_vendor) at its listing's phone
-- when its business is on the site (it listed or claimed it), or to the renter at the phone they
-- gave with their consent. Nothing is queued to a number that stopped texts or cannot receive
-- them, nor twice for the same message. Outside the recipient's waking hours it waits for 8 am
-- there (private.text_send_at).
create or replace function private.queue_text(p_lead_id bigint, p_kind text, p_vendor_id bigint, p_to_vendor boolean,
                                              p_payload jsonb default '{}'::jsonb)
returns void language plpgsql security definer set search_path = '' as $$
declare
  l public.leads;
  number text;
  zone text;
begin
  select * into l from public.leads x where x.id = p_lead_id;
  if p_to_vendor then
    select v.phone_e164, coalesce(s.time_zone, 'America/Chicago') into number, zone
    from public.vendors v left join public.states s on s.id = v.state_id
    where v.id = p_vendor_id and (v.claimed_at is not null or v.listed_at is not null);
  elsif exists (select 1 from public.lead_consents c where c.lead_id = p_lead_id) then
    number := l.phone_e164;
    zone := private.lead_time_zone(p_lead_id);
  end if;
  if number is null or exists (select 1 from public.text_numbers n
                              where n.phone = number and (n.stopped_at is not null or n.unreachable_at is not null)) then
    return;
  end if;
  insert into public.outbox_messages (lead_id, vendor_id, channel, kind, recipient, payload, quote_id, event_id, text_zone, next_attempt_at)
  values (p_lead_id, p_vendor_id, 'sms', p_kind, number, coalesce(p_payload, '{}'::jsonb), (p_payload->>'quote_id')::bigint,
          (p_payload->>'event_id')::bigint, zone, private.text_send_at(zone, now(), l.rental_start_date))
  on conflict do nothing;
end;
$$;

revoke execute on function private.queue_text(bigint,text,bigint,boolean,jsonb) from public, anon, authenticated;

-- supabase/functions/tell_renter.sql
-- Queues a message of this kind about the request's booking to the renter: an email when they gave
-- an address, and a text of the kinds texted (the booking and the delivery's steps); once per booked quote.
create or replace function private.tell_renter(p_lead_id bigint, p_kind text)
returns void language sql security definer set search_path = '' as $$
  select private.queue_text(b.lead_id, p_kind, b.vendor_id, false, jsonb_build_object('quote_id', b.quote_id))
  from public.bookings b where b.lead_id = p_lead_id and p_kind in ('window_confirmed', 'on_the_way', 'delivered', 'picked_up');
  insert into public.outbox_messages (lead_id, vendor_id, channel, kind, recipient, payload, quote_id)
  select l.id, b.vendor_id, 'email', p_kind, l.renter_email, jsonb_build_object('quote_id', b.quote_id), b.quote_id
  from public.leads l join public.bookings b on b.lead_id = l.id
  where l.id = p_lead_id and l.renter_email is not null
  on conflict do nothing;
$$;

revoke execute on function private.tell_renter(bigint,text) from public, anon, authenticated;

-- supabase/functions/business_leads.sql
-- The rental requests every listing the address manages received, in one call: the newest
-- p_limit of them (50 by default, at most 1,000, the API's page), newest first, each with
-- its listing, every field, the business's own status of it, its latest quote and the request's
-- booking; whether older ones exist; and each listing's win rate over 90 days and response rate. Each listing's requests are read newest first from its own index, so a
-- listing with years of requests costs no more than a new one.
create or replace function public.business_leads(p_email text, p_limit int default 50)
returns jsonb language sql stable security definer set search_path = '' as $$
  with settings as (
    select least(greatest(coalesce(p_limit, 50), 1), 1000) as page_size
  ),
  managed as (
    select m.vendor_id from public.vendor_managers m where m.email = lower(trim(coalesce(p_email, '')))
  ),
  received as (
    select x.* from managed m cross join settings cross join lateral (
      select r.lead_id as id, r.completed_at, r.vendor_id from public.lead_recipients r
      where r.vendor_id = m.vendor_id and r.completed_at is not null and not r.spam
      order by r.completed_at desc, r.lead_id desc
      limit settings.page_size + 1) x
    order by x.completed_at desc, x.id desc, x.vendor_id
    limit (select page_size from settings) + 1
  ),
  numbered as (select x.*, row_number() over (order by x.completed_at desc, x.id desc, x.vendor_id) as n from received x)
  select jsonb_build_object(
    'leads', coalesce((select jsonb_agg(jsonb_build_object('id', l.id, 'vendor_id', r.vendor_id, 'name', l.name, 'phone', l.phone,
        'skid_steer_type', l.skid_steer_type, 'rental_start_date', l.rental_start_date, 'rental_end_date', l.rental_end_date,
        'rental_days', l.rental_days, 'location', l.location, 'completed_at', l.completed_at, 'withdrawn_at', l.withdrawn_at,
        'reason', r.reason, 'status', r.status, 'status_reason', r.status_reason, 'status_at', r.status_at,
        -- When its first response is due, or when its time ran out without one.
        'due_at', r.due_at, 'passed_at', r.passed_at,
        'quote', (select to_jsonb(q) from public.quotes q where q.lead_id = l.id and q.vendor_id = r.vendor_id order by q.revision desc limit 1),
        -- The booked vendor sees the whole rental; the others only that the request is booked.
        'booking', (select case when b.vendor_id = r.vendor_id then private.rental_of(l.id)
                                else jsonb_build_object('vendor_id', b.vendor_id, 'status', b.status) end
                    from public.bookings b where b.lead_id = l.id))
      order by x.n)
      from numbered x join public.leads l on l.id = x.id join public.lead_recipients r on r.lead_id = x.id and r.vendor_id = x.vendor_id
      where x.n <= (select page_size from settings)), '[]'::jsonb),
    'more', (select count(*) from numbered) > (select page_size from settings),
    -- Each listing's requests quoted in the last 90 days, and how many of them it won.
    'win_rates', coalesce((select jsonb_agg(jsonb_build_object('vendor_id', m.vendor_id,
        'response_rate', (select v.response_rate from public.vendors v where v.id = m.vendor_id),
        'response_rate_count', (select coalesce(v.response_rate_count, 0) from public.vendors v where v.id = m.vendor_id),
        'quoted', (select count(distinct q.lead_id) from public.quotes q where q.vendor_id = m.vendor_id and q.created_at > now() - interval '90 days'),
        'booked', (select count(*) from public.bookings b join public.quotes q on q.id = b.quote_id
                   where b.vendor_id = m.vendor_id and b.status = 'booked' and q.created_at > now() - interval '90 days'
                     -- A booking follows its quote: this bound reads only the last 90 days' bookings.
                     and b.booked_at > now() - interval '90 days')))
      from managed m), '[]'::jsonb));
$$;

revoke execute on function public.business_leads(text,integer) from public, anon, authenticated;
grant execute on function public.business_leads(text,integer) to service_role;

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
  if jsonb_typeof(q->'lines') is distinct from 'array' or jsonb_array_length(q->'lines') not between 1 and 8 then
    raise exception 'A quote needs between 1 and 8 lines' using errcode = 'P0001', hint = 'quote-lines';
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
    responded_at = coalesce(r.responded_at, now()), due_at = null
  where r.lead_id = l.id and r.vendor_id = p_vendor_id;
  perform public.review_invite_now(l.id);
  if l.renter_email is not null then
    insert into public.outbox_messages (lead_id, vendor_id, channel, kind, recipient, payload, quote_id)
    values (l.id, p_vendor_id, 'email', 'quote', l.renter_email,
            jsonb_build_object('quote_id', saved.id, 'revised', previous.id is not null), saved.id);
  end if;
  perform private.queue_text(l.id, 'quote', p_vendor_id, false, jsonb_build_object('quote_id', saved.id, 'revised', previous.id is not null));
  return to_jsonb(saved);
exception
  when invalid_text_representation or numeric_value_out_of_range or invalid_datetime_format or datetime_field_overflow then
    raise exception 'A field of the quote is not valid' using errcode = 'P0001', hint = 'quote-invalid';
  when check_violation then
    raise exception 'A field of the quote is not valid' using errcode = 'P0001', hint = 'quote-invalid';
end;
$$;

revoke execute on function private.quote_save(bigint,bigint,jsonb) from public, anon, authenticated;

-- supabase/functions/hand_on.sql
-- Hands a sent request on from a vendor that stayed silent past its due time or said it is not
-- available (p_why: silent, unavailable) to the next vendor by the same routing (nearest first
-- within the routing radius, never one the request already went to), while the rental has not
-- started, fewer than 3 vendors have answered (contacted or quoted) and it has reached fewer than 6.
-- The new vendor is sent the request (email and text) with its own due time; the renter is told
-- who it went to and why. Returns the new vendor, or null when there was none to hand it to.
create or replace function private.hand_on(p_lead_id bigint, p_from_vendor bigint, p_why text)
returns bigint language plpgsql security definer set search_path = '' as $$
declare
  l public.leads;
  next record;
  told jsonb;
begin
  select * into l from public.leads x where x.id = p_lead_id;
  if l.rental_start_date < (now() at time zone private.lead_time_zone(l.id))::date then
    return null;
  end if;
  l := private.lead_move(p_lead_id, 'pass_on');
  if l.spam
     or (select count(*) from public.lead_recipients r where r.lead_id = l.id) >= 6
     or (select count(*) from public.lead_recipients r where r.lead_id = l.id and r.status in ('contacted', 'quoted', 'won')) >= 3 then
    return null;
  end if;
  select n.vendor_id, n.distance_miles into next
  from public.vendors_near_zip(l.location, 12) n
  where not exists (select 1 from public.lead_recipients r where r.lead_id = l.id and r.vendor_id = n.vendor_id)
  limit 1;
  if next.vendor_id is null then
    return null;
  end if;
  told := jsonb_build_object('from_vendor_name', (select v.name from public.vendors v where v.id = p_from_vendor), 'why', p_why);
  insert into public.lead_recipients (lead_id, vendor_id, reason, rank, distance_miles, due_at, handed_at, handed_from, handed_why)
  select l.id, next.vendor_id, 'passed_on', coalesce(max(r.rank), 0) + 1, next.distance_miles,
         private.business_hours_after(next.vendor_id, now(), 4), now(), p_from_vendor, p_why
  from public.lead_recipients r where r.lead_id = l.id;
  -- The request reaches the new vendor as it reached the first ones, from now.
  update public.lead_recipients r set completed_at = now() where r.lead_id = l.id and r.vendor_id = next.vendor_id;
  insert into public.outbox_messages (lead_id, vendor_id, channel)
  select l.id, v.id, 'email' from public.vendors v where v.id = next.vendor_id and v.email is not null;
  perform private.queue_text(l.id, 'lead', next.vendor_id, true);
  if l.renter_email is not null then
    insert into public.outbox_messages (lead_id, vendor_id, channel, kind, recipient, payload)
    values (l.id, next.vendor_id, 'email', 'passed_on', l.renter_email, told)
    on conflict do nothing;
  end if;
  perform private.queue_text(l.id, 'passed_on', next.vendor_id, false, told);
  return next.vendor_id;
end;
$$;

revoke execute on function private.hand_on(bigint,bigint,text) from public, anon, authenticated;

-- supabase/functions/business_set_lead_status.sql
-- A business's status of one of its listing's requests; lost and not a fit need a reason.
-- Contacted and quoted are responses: the first one sets the response time shown on the
-- listing's page and sends the renter's invitation to review. "Not available for these dates"
-- (unavailable, with one of the reasons the renter is shown: dates_taken, no_machine, too_far) is
-- a response too, allowed while the request is waiting and the vendor has not quoted: the renter
-- is told, and the request is handed on to the next vendor (private.hand_on). Any status ends the
-- wait for the vendor's first response. The listing's address is returned.
create or replace function public.business_set_lead_status(p_email text, p_vendor_id bigint, p_lead_id bigint, p_status text, p_reason text)
returns jsonb language plpgsql security definer set search_path = '' as $$
begin
  perform public.business_require_manager(p_email, p_vendor_id);
  if p_status is null or p_status not in ('contacted', 'quoted', 'won', 'lost', 'not_a_fit', 'unavailable') then
    raise exception 'Unknown status' using errcode = 'P0001', hint = 'status';
  end if;
  if p_status in ('lost', 'not_a_fit') and length(trim(coalesce(p_reason, ''))) = 0 then
    raise exception 'Please give a reason' using errcode = 'P0001', hint = 'reason-missing';
  end if;
  if p_status = 'unavailable' and coalesce(p_reason, '') not in ('dates_taken', 'no_machine', 'too_far') then
    raise exception 'Please choose why' using errcode = 'P0001', hint = 'reason-missing';
  end if;
  if length(coalesce(p_reason, '')) > 500 then
    raise exception 'A field is too long' using errcode = 'P0001', hint = 'too-long';
  end if;
  if not exists (select 1 from public.lead_recipients r where r.lead_id = p_lead_id and r.vendor_id = p_vendor_id) then
    raise exception 'No such request' using errcode = 'PT404', hint = 'no-request';
  end if;
  perform private.lead_move(p_lead_id, case when p_status = 'unavailable' then 'decline' else 'set_status' end);
  if p_status = 'unavailable' and exists (select 1 from public.lead_recipients r where r.lead_id = p_lead_id and r.vendor_id = p_vendor_id
                                          and r.status in ('quoted', 'won', 'unavailable')) then
    raise exception 'The request was already answered with a quote or as not available' using errcode = 'P0001', hint = 'already-answered';
  end if;
  update public.lead_recipients r set status = p_status, status_reason = nullif(trim(coalesce(p_reason, '')), ''), status_at = now(),
    responded_at = case when p_status in ('contacted', 'quoted', 'unavailable') then coalesce(r.responded_at, now()) else r.responded_at end,
    due_at = null
  where r.lead_id = p_lead_id and r.vendor_id = p_vendor_id;
  if not found then
    raise exception 'No such request' using errcode = 'PT404', hint = 'no-request';
  end if;
  if p_status in ('contacted', 'quoted') then
    perform public.review_invite_now(p_lead_id);
  end if;
  if p_status = 'unavailable' then
    insert into public.outbox_messages (lead_id, vendor_id, channel, kind, recipient, payload)
    select l.id, p_vendor_id, 'email', 'unavailable', l.renter_email, jsonb_build_object('reason', p_reason)
    from public.leads l where l.id = p_lead_id and l.renter_email is not null
    on conflict do nothing;
    perform private.queue_text(p_lead_id, 'unavailable', p_vendor_id, false, jsonb_build_object('reason', p_reason));
    perform private.hand_on(p_lead_id, p_vendor_id, 'unavailable');
  end if;
  return public.vendor_address(p_vendor_id);
end;
$$;

revoke execute on function public.business_set_lead_status(text,bigint,bigint,text,text) from public, anon, authenticated;
grant execute on function public.business_set_lead_status(text,bigint,bigint,text,text) to service_role;

-- supabase/functions/claim_outbox_messages.sql
-- Claims up to p_limit due outbox messages for one sender (skip locked, with a lease), so
-- any number of senders in any number of instances send each message once; returns each
-- with what its template needs. A text is never claimed for a number that stopped texts or
-- cannot receive them, nor in its recipient's quiet hours unless it is urgent (text_send_at).
create or replace function public.claim_outbox_messages(p_limit int default 20, p_lease_seconds int default 120)
returns jsonb language plpgsql security definer set search_path = '' as $$
declare claimed jsonb;
begin
  with due as (
    select m.id from public.outbox_messages m
    where ((m.status = 'pending' and m.next_attempt_at <= now())
       or (m.status = 'sending' and m.claimed_until < now()))
      and (m.channel <> 'sms' or (
        not exists (select 1 from public.text_numbers n
                    where n.phone = m.recipient and (n.stopped_at is not null or n.unreachable_at is not null))
        and private.text_send_at(m.text_zone, now(), (select l.rental_start_date from public.leads l where l.id = m.lead_id)) <= now()))
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

-- supabase/functions/complete_lead.sql
-- Completes the lead, routes it and queues its messages (emails, and texts to vendors). Returns the recipient count. A
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

  -- Each vendor's first response is due within 4 of its business hours (pass_on_silent_requests).
  insert into public.lead_recipients (lead_id, vendor_id, reason, rank, distance_miles, due_at)
  select v_lead, r.vendor_id, r.reason, r.rank, r.distance_miles, private.business_hours_after(r.vendor_id, now(), 4)
  from public.lead_route(p_location, chosen, p_widen) r;
  insert into public.outbox_messages (lead_id, vendor_id, channel)
  select v_lead, r.vendor_id, 'email' from public.lead_recipients r where r.lead_id = v_lead;
  perform private.queue_text(v_lead, 'lead', r.vendor_id, true) from public.lead_recipients r where r.lead_id = v_lead;
  if p_webhook then
    insert into public.outbox_messages (lead_id, channel) values (v_lead, 'webhook');
  end if;
  select count(*) into recipients from public.lead_recipients r where r.lead_id = v_lead;
  if recipients = 0 then
    update public.leads l set no_recipients = true where l.id = v_lead;
  end if;
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

-- supabase/functions/lead_status.sql
-- A renter's own request, for its private status page, proven as renter_owns_lead proves it;
-- a wrong proof answers as an unknown request. Which vendors it
-- went to, and for each whether the email was sent, whether the vendor has answered, and
-- the renter's review of it: why it cannot be reviewed yet, or the review and its state; its
-- published reviews and response time, and its latest quote; and the request's booking.
create or replace function public.lead_status(p_lead_id bigint, p_owner_token text, p_link_hash text default null)
returns jsonb language sql stable security definer set search_path = '' as $$
  select jsonb_build_object('id', l.id, 'skid_steer_type', l.skid_steer_type, 'rental_start_date', l.rental_start_date,
    'rental_end_date', l.rental_end_date, 'rental_days', l.rental_days, 'location', l.location, 'completed_at', l.completed_at,
    'withdrawn_at', l.withdrawn_at,
    'booking', private.rental_of(l.id),
    -- The latest booking released because its vendor did not confirm a window in time.
    'released', (select jsonb_build_object('vendor_name', v.name, 'released_at', x.released_at, 'site_address', x.site_address,
                   'access_notes', x.access_notes, 'site_contact', x.site_contact, 'site_phone', x.site_phone,
                   'window_preference', x.window_preference)
                 from public.booking_releases x join public.vendors v on v.id = x.vendor_id
                 where x.lead_id = l.id order by x.released_at desc limit 1),
    'recipients', (select coalesce(jsonb_agg(jsonb_build_object(
        'vendor_id', v.id, 'vendor_name', v.name, 'phone', v.phone, 'reason', r.reason, 'sent', exists (select 1 from public.outbox_messages m
                                               where m.lead_id = l.id and m.vendor_id = r.vendor_id and m.status = 'sent'),
        'contacted', r.responded_at is not null,
        'unavailable', case when r.status = 'unavailable' then r.status_reason end,
        'handed', case when r.handed_at is not null then jsonb_build_object('at', r.handed_at, 'why', r.handed_why,
                    'from', (select f.name from public.vendors f where f.id = r.handed_from)) end,
        'reviews', public.vendor_review_summary(v.id), 'response', private.vendor_response(v.id),
        -- The vendor's latest quote, whatever became of it (revision > 1: it was revised).
        'quote', (select to_jsonb(q) from public.quotes q where q.lead_id = l.id and q.vendor_id = r.vendor_id
                  order by q.revision desc limit 1),
        'review_refusal', public.review_refusal(l.id, r.vendor_id),
        'review', (select jsonb_build_object('stars', w.stars, 'body', w.body, 'status', w.status, 'reject_reason', w.reject_reason,
                                             'editable', w.created_at > now() - interval '30 days')
                   from public.reviews w where w.lead_id = l.id and w.vendor_id = r.vendor_id)) order by r.rank), '[]'::jsonb)
      from public.lead_recipients r join public.vendors v on v.id = r.vendor_id where r.lead_id = l.id))
  from public.leads l
  where l.id = p_lead_id and private.renter_owns_lead(p_lead_id, p_owner_token, p_link_hash);
$$;

revoke execute on function public.lead_status(bigint,text,text) from public, anon, authenticated;
grant execute on function public.lead_status(bigint,text,text) to service_role;

-- supabase/functions/lead_text_link.sql
-- Stores the hash of the link a vendor's text of a request carries: the request's quote form,
-- as the email's "Send a quote" (30 days, any number of times). Returns false when the vendor has
-- no email address to hold it (its text then points to /business).
create or replace function public.lead_text_link(p_lead_id bigint, p_vendor_id bigint, p_quote_hash text)
returns boolean language plpgsql security definer set search_path = '' as $$
begin
  insert into public.auth_links (token_hash, purpose, email, vendor_id, lead_id, expires_at)
  select p_quote_hash, 'lead_quote', v.email, v.id, p_lead_id, now() + interval '30 days'
  from public.vendors v join public.lead_recipients r on r.vendor_id = v.id and r.lead_id = p_lead_id
  where v.id = p_vendor_id and v.email is not null;
  return found;
end;
$$;

revoke execute on function public.lead_text_link(bigint,bigint,text) from public, anon, authenticated;
grant execute on function public.lead_text_link(bigint,bigint,text) to service_role;

-- supabase/functions/operator_responses.sql
-- The console's response rules page: listings by response rate, lowest first (those with at least
-- 5 requests due in 90 days), p_limit at a time after (p_after_rate, p_after_id); and the latest
-- p_limit requests handed on from a vendor, newest first, with from whom, to whom and why.
create or replace function public.operator_responses(p_after_rate int default null, p_after_id bigint default null, p_limit int default 50)
returns jsonb language sql stable security definer set search_path = '' as $$
  with settings as (select least(greatest(coalesce(p_limit, 50), 1), 200) as size),
  ranked as (
    select v.id, v.name, v.response_rate, v.response_rate_count, v.response_hours
    from public.vendors v
    where v.response_rate_count >= 5
      and (p_after_rate is null or (v.response_rate, v.id) > (p_after_rate, coalesce(p_after_id, 0)))
    order by v.response_rate, v.id
    limit (select size from settings) + 1)
  select jsonb_build_object(
    'vendors', coalesce((select jsonb_agg(jsonb_build_object('id', x.id, 'name', x.name, 'rate', x.response_rate,
                          'count', x.response_rate_count, 'hours', x.response_hours) order by x.response_rate, x.id)
                         from (select * from ranked order by response_rate, id limit (select size from settings)) x), '[]'::jsonb),
    'more', (select count(*) from ranked) > (select size from settings),
    'handed', coalesce((select jsonb_agg(jsonb_build_object('lead_id', h.lead_id, 'at', h.handed_at, 'why', h.handed_why,
                          'from', (select f.name from public.vendors f where f.id = h.handed_from),
                          'to', (select t.name from public.vendors t where t.id = h.vendor_id)) order by h.handed_at desc, h.lead_id desc)
                        from (select r.* from public.lead_recipients r where r.handed_at is not null
                              order by r.handed_at desc, r.lead_id desc limit (select size from settings)) h), '[]'::jsonb));
$$;

revoke execute on function public.operator_responses(integer,bigint,integer) from public, anon, authenticated;
grant execute on function public.operator_responses(integer,bigint,integer) to service_role;

-- supabase/functions/pass_on_silent_requests.sql
-- The response rules' job: each vendor whose first response to a sent request was due (due_at)
-- and did not come is marked silent (passed_at, counted against its response rate), and the
-- request is handed on to the next vendor (private.hand_on), the silent vendor told when it was.
-- A request no longer waiting for vendors (booked, withdrawn, erased) only clears its due times.
-- Each request is locked before its recipients, as every writer of a request does, and one
-- another instance holds is left to it. Returns how many vendors were passed.
create or replace function public.pass_on_silent_requests(p_limit int default 50)
returns int language plpgsql security definer set search_path = '' as $$
declare
  due record;
  state text;
  silent boolean;
  passed int := 0;
begin
  for due in
    select r.lead_id, r.vendor_id from public.lead_recipients r
    where r.due_at <= now()
    order by r.due_at
    limit least(greatest(coalesce(p_limit, 50), 1), 500)
  loop
    select l.state into state from public.leads l where l.id = due.lead_id for update skip locked;
    continue when not found;
    update public.lead_recipients r set due_at = null,
      passed_at = case when state = 'sent' and r.responded_at is null and r.status is null then now() end
    where r.lead_id = due.lead_id and r.vendor_id = due.vendor_id and r.due_at <= now()
    returning r.passed_at is not null into silent;
    continue when not coalesce(silent, false);
    passed := passed + 1;
    if private.hand_on(due.lead_id, due.vendor_id, 'silent') is not null then
      insert into public.outbox_messages (lead_id, vendor_id, channel, kind, recipient)
      select due.lead_id, v.id, 'email', 'passed_vendor', v.email from public.vendors v where v.id = due.vendor_id and v.email is not null
      on conflict do nothing;
    end if;
  end loop;
  return passed;
end;
$$;

revoke execute on function public.pass_on_silent_requests(integer) from public, anon, authenticated;
grant execute on function public.pass_on_silent_requests(integer) to service_role;

-- supabase/functions/record_outbox_message.sql
-- Records a claimed message's outcome, with the provider's id of a sent text. Failures retry
-- with doubling backoff from 30 s (a text's retry waits out its recipient's quiet hours);
-- after p_max_attempts the message stays failed. A claim that has been taken over records nothing.
create or replace function public.record_outbox_message(p_id bigint, p_claim_id uuid, p_ok boolean, p_sent_via text default null,
                                           p_error text default null, p_max_attempts int default 6,
                                           p_provider_id text default null)
returns boolean language plpgsql security definer set search_path = '' as $$
declare recorded boolean;
begin
  update public.outbox_messages m set
    status = case when p_ok then 'sent' when m.attempts >= p_max_attempts then 'failed' else 'pending' end,
    sent_at = case when p_ok then now() end,
    sent_via = case when p_ok then left(p_sent_via, 50) end,
    last_error = case when p_ok then null else left(p_error, 500) end,
    next_attempt_at = case when m.channel = 'sms' then private.text_send_at(m.text_zone,
                        now() + interval '30 seconds' * power(2, greatest(m.attempts - 1, 0)),
                        (select l.rental_start_date from public.leads l where l.id = m.lead_id))
                      else now() + interval '30 seconds' * power(2, greatest(m.attempts - 1, 0)) end,
    provider_id = case when p_ok then left(p_provider_id, 64) end,
    delivery_status = case when p_ok and p_provider_id is not null then 'queued' end,
    claim_id = null, claimed_until = null
  where m.id = p_id and m.claim_id = p_claim_id and m.status = 'sending'
  returning true into recorded;
  if recorded then
    insert into public.outbox_attempts (message_id, ok, sent_via, error)
    values (p_id, p_ok, case when p_ok then left(p_sent_via, 50) end, case when p_ok then null else left(p_error, 500) end);
  end if;
  return coalesce(recorded, false);
end;
$$;

revoke execute on function public.record_outbox_message(bigint,uuid,boolean,text,text,integer,text) from public, anon, authenticated;
grant execute on function public.record_outbox_message(bigint,uuid,boolean,text,text,integer,text) to service_role;

-- supabase/functions/release_overdue_bookings.sql
-- The job that releases bookings whose vendor did not confirm a delivery window by confirm_by, at
-- most p_batch of them (a rental already over stays as it is): the request goes back to sent, the other quotes the booking closed open
-- again while still valid (the released vendor's stays closed), the renter is told with them and the
-- vendor is told. Each request is taken under its own lock, skipped when another instance holds it.
-- Returns how many were released.
create or replace function public.release_overdue_bookings(p_batch int default 100)
returns int language plpgsql security definer set search_path = '' as $$
declare
  due bigint;
  booking public.bookings;
  released int := 0;
begin
  for due in
    select b.lead_id from public.bookings b
    where b.status = 'booked' and b.confirmed_at is null and b.confirm_by <= now() and b.end_date >= current_date
    order by b.confirm_by limit least(greatest(coalesce(p_batch, 100), 1), 1000)
  loop
    perform 1 from public.leads l where l.id = due for update skip locked;
    continue when not found;
    select * into booking from public.bookings b
    where b.lead_id = due and b.status = 'booked' and b.confirmed_at is null and b.confirm_by <= now() and b.end_date >= current_date;
    continue when booking.lead_id is null;
    perform private.lead_move(due, 'release');
    insert into public.booking_releases (lead_id, quote_id, vendor_id, booked_at, site_address, access_notes, site_contact,
                                         site_phone, window_preference)
    values (due, booking.quote_id, booking.vendor_id, booking.booked_at, booking.site_address, booking.access_notes,
            booking.site_contact, booking.site_phone, booking.window_preference);
    delete from public.bookings b where b.lead_id = due;
    update public.quotes q set status = 'open', closed_at = null
    where q.lead_id = due and q.status = 'closed' and q.closed_at = booking.booked_at and q.vendor_id <> booking.vendor_id;
    update public.quotes q set status = 'closed', closed_at = now() where q.id = booking.quote_id;
    update public.lead_recipients r set status = case when exists (
        select 1 from public.quotes q where q.lead_id = due and q.vendor_id = r.vendor_id and q.status = 'open') then 'quoted' end,
      status_reason = null, status_at = now()
    where r.lead_id = due and r.vendor_id <> booking.vendor_id and r.status = 'lost' and r.status_reason = 'The renter chose another vendor';
    update public.lead_recipients r set status = 'lost', status_reason = 'Booking released: the delivery window was not confirmed in time',
      status_at = now()
    where r.lead_id = due and r.vendor_id = booking.vendor_id;
    insert into public.outbox_messages (lead_id, vendor_id, channel, kind, recipient, payload, quote_id)
    select due, booking.vendor_id, 'email', 'released_renter', l.renter_email, jsonb_build_object('quote_id', booking.quote_id), booking.quote_id
    from public.leads l where l.id = due and l.renter_email is not null
    union all
    select due, v.id, 'email', 'released_vendor', v.email, jsonb_build_object('quote_id', booking.quote_id), booking.quote_id
    from public.vendors v where v.id = booking.vendor_id and v.email is not null;
    perform private.queue_text(due, 'released_renter', booking.vendor_id, false, jsonb_build_object('quote_id', booking.quote_id));
    released := released + 1;
  end loop;
  return released;
end;
$$;

revoke execute on function public.release_overdue_bookings(int) from public, anon, authenticated;
grant execute on function public.release_overdue_bookings(int) to service_role;

-- supabase/functions/renter_book_quote.sql
-- Books one quote of the renter's own request (proven as renter_owns_lead proves it). The request's row is
-- locked, so of two bookings at once exactly one is made; a request has at most one booking.
-- The request must be sent (private.lead_move), the quote open and still valid. The booking holds
-- the dates booked: the quote's other dates when it offered them, else the request's. The booked vendor is told with the renter's details,
-- the renter gets a confirmation, and every other vendor that received the request is told the
-- renter chose another vendor, its open quote closed. The booking holds the job site's address,
-- access notes, site contact and phone, and when the renter would like the machine delivered; the
-- vendor's delivery window is due by confirm_by (4 of its business hours, no later than 24 hours
-- before the rental starts, and at least an hour after booking). A vendor whose booking was
-- released is not booked again for the request. Returns the booking.
create or replace function public.renter_book_quote(p_lead_id bigint, p_owner_token text, p_link_hash text, p_quote_id bigint,
  p_site_address text, p_access_notes text, p_site_contact text, p_site_phone text, p_window_preference text)
returns jsonb language plpgsql security definer set search_path = '' as $$
declare
  l public.leads;
  chosen public.quotes;
  booking public.bookings;
  address constant text := trim(coalesce(p_site_address, ''));
  notes constant text := nullif(trim(coalesce(p_access_notes, '')), '');
  contact constant text := trim(coalesce(p_site_contact, ''));
  phone constant text := trim(coalesce(p_site_phone, ''));
  starts timestamptz;
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

  if length(address) < 5 or length(address) > 200 then
    raise exception 'Give the job site''s street address' using errcode = 'P0001', hint = 'site-address';
  end if;
  if length(contact) < 1 or length(contact) > 100 then
    raise exception 'Give the site contact''s name' using errcode = 'P0001', hint = 'site-contact';
  end if;
  if length(regexp_replace(phone, '\D', '', 'g')) not between 10 and 11 or length(phone) > 30 then
    raise exception 'Give the site contact''s phone number' using errcode = 'P0001', hint = 'site-phone';
  end if;
  if length(notes) > 500 then
    raise exception 'A field is too long' using errcode = 'P0001', hint = 'too-long';
  end if;
  if p_window_preference is null or p_window_preference not in ('early', 'morning', 'afternoon', 'any') then
    raise exception 'Choose when you would like the machine delivered' using errcode = 'P0001', hint = 'window-preference';
  end if;

  starts := coalesce(chosen.alternate_start, l.rental_start_date)::timestamp at time zone private.lead_time_zone(l.id);
  insert into public.bookings (lead_id, quote_id, vendor_id, start_date, end_date, site_address, access_notes, site_contact,
                               site_phone, window_preference, confirm_by)
  values (l.id, chosen.id, chosen.vendor_id, coalesce(chosen.alternate_start, l.rental_start_date),
          coalesce(chosen.alternate_end, l.rental_end_date), address, notes, contact, phone, p_window_preference,
          greatest(least(private.business_hours_after(chosen.vendor_id, now(), 4), starts - interval '24 hours'),
                   now() + interval '1 hour'))
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
  where r.lead_id = l.id and v.email is not null
    -- A vendor told once that the renter chose another is not told again after a release.
    and (r.vendor_id = chosen.vendor_id or not exists (
      select 1 from public.outbox_messages m
      where m.lead_id = l.id and m.vendor_id = r.vendor_id and m.kind in ('chose_another', 'released_vendor')));
  if l.renter_email is not null then
    insert into public.outbox_messages (lead_id, vendor_id, channel, kind, recipient, payload, quote_id)
    values (l.id, chosen.vendor_id, 'email', 'booking_confirmation', l.renter_email, jsonb_build_object('quote_id', chosen.id), chosen.id);
  end if;
  perform private.queue_text(l.id, 'booked', chosen.vendor_id, true, jsonb_build_object('quote_id', chosen.id));
  perform private.queue_text(l.id, 'booking_confirmation', chosen.vendor_id, false, jsonb_build_object('quote_id', chosen.id));
  return to_jsonb(booking);
end;
$$;

revoke execute on function public.renter_book_quote(bigint,text,text,bigint,text,text,text,text,text) from public, anon, authenticated;
grant execute on function public.renter_book_quote(bigint,text,text,bigint,text,text,text,text,text) to service_role;

-- supabase/functions/renter_status_link.sql
-- Stores the hash of the status link that the renter's emails and texts about a request carry,
-- minted when the message is made: it opens that request's status page for 90 days. A renter
-- reached only by text (no email address) gets a link that holds no address.
create or replace function public.renter_status_link(p_lead_id bigint, p_token_hash text)
returns void language plpgsql security definer set search_path = '' as $$
declare
  v_email text;
  v_lead bigint;
begin
  select l.renter_email, l.id into v_email, v_lead from public.leads l
  where l.id = p_lead_id and l.completed and (l.renter_email is not null or l.phone_e164 is not null);
  if v_lead is null then
    raise exception 'No such request' using errcode = 'PT404', hint = 'no-request';
  end if;
  insert into public.auth_links (token_hash, purpose, email, lead_id, expires_at)
  values (p_token_hash, 'lead_status', v_email, p_lead_id, now() + interval '90 days');
end;
$$;

revoke execute on function public.renter_status_link(bigint,text) from public, anon, authenticated;
grant execute on function public.renter_status_link(bigint,text) to service_role;

-- supabase/functions/text_number_off.sql
-- Records that a number is not to be texted: it replied STOP (p_why 'stopped') or cannot receive
-- texts ('unreachable', with the provider's error code); its texts still queued are failed at once.
create or replace function private.text_number_off(p_phone text, p_why text, p_code text default null)
returns void language plpgsql security definer set search_path = '' as $$
begin
  insert into public.text_numbers as n (phone, stopped_at, unreachable_at, unreachable_code)
  values (p_phone, case when p_why = 'stopped' then now() end, case when p_why = 'unreachable' then now() end,
          case when p_why = 'unreachable' then p_code end)
  on conflict (phone) do update set
    stopped_at = case when p_why = 'stopped' then coalesce(n.stopped_at, now()) else n.stopped_at end,
    unreachable_at = case when p_why = 'unreachable' then coalesce(n.unreachable_at, now()) else n.unreachable_at end,
    unreachable_code = case when p_why = 'unreachable' then p_code else n.unreachable_code end,
    updated_at = now();
  update public.outbox_messages m set status = 'failed', claim_id = null, claimed_until = null,
    last_error = case when p_why = 'stopped' then 'The number replied STOP' else 'The number cannot receive texts' end
  where m.channel = 'sms' and m.recipient = p_phone and m.status = 'pending';
end;
$$;

revoke execute on function private.text_number_off(text,text,text) from public, anon, authenticated;

-- supabase/functions/text_refused.sql
-- The provider refused to send a text to p_phone with this error code: 21610 (the number replied
-- STOP to the provider) records it as stopped; the codes of a number that cannot receive texts
-- (invalid, not a mobile number, landline or unreachable, unknown) record it as unreachable.
-- Returns whether the number was recorded.
create or replace function public.text_refused(p_phone text, p_code text)
returns boolean language plpgsql security definer set search_path = '' as $$
begin
  if p_phone is null or p_phone !~ '^\+[1-9][0-9]{7,14}$' then
    return false;
  end if;
  if p_code = '21610' then
    perform private.text_number_off(p_phone, 'stopped');
  elsif p_code in ('21211', '21612', '21614', '30003', '30005', '30006') then
    perform private.text_number_off(p_phone, 'unreachable', p_code);
  else
    return false;
  end if;
  return true;
end;
$$;

revoke execute on function public.text_refused(text,text) from public, anon, authenticated;
grant execute on function public.text_refused(text,text) to service_role;

-- supabase/functions/text_reply.sql
-- A text received (its signature checked by the server), from p_phone (E.164), read as its first
-- word: STOP and its synonyms stop every text to the number at once, START and its synonyms
-- resume them, HELP and INFO ask for help; anything else is answered as HELP is. Each is
-- recorded once by the provider's id (a replayed callback changes nothing). Returns what it was.
create or replace function public.text_reply(p_phone text, p_body text, p_provider_id text)
returns text language plpgsql security definer set search_path = '' as $$
declare
  word constant text := upper(coalesce(substring(trim(coalesce(p_body, '')) from '^[A-Za-z]+'), ''));
  keyword constant text := case
    when word in ('STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'OPTOUT', 'REVOKE') then 'stop'
    when word in ('START', 'YES', 'UNSTOP', 'OPTIN') then 'start'
    when word in ('HELP', 'INFO') then 'help'
    else 'other' end;
begin
  if p_phone is null or p_phone !~ '^\+[1-9][0-9]{7,14}$' then
    raise exception 'Not a phone number' using errcode = 'P0001', hint = 'phone';
  end if;
  if p_provider_id is null or length(p_provider_id) not between 1 and 64 then
    raise exception 'The text has no id' using errcode = 'P0001', hint = 'text-status';
  end if;
  insert into public.text_replies (phone, keyword, provider_id) values (p_phone, keyword, p_provider_id)
  on conflict (provider_id) do nothing;
  if not found then
    return keyword;
  end if;
  if keyword = 'stop' then
    perform private.text_number_off(p_phone, 'stopped');
  elsif keyword = 'start' then
    update public.text_numbers n set stopped_at = null, updated_at = now() where n.phone = p_phone;
  end if;
  return keyword;
end;
$$;

revoke execute on function public.text_reply(text,text,text) from public, anon, authenticated;
grant execute on function public.text_reply(text,text,text) to service_role;

-- supabase/functions/text_status.sql
-- A text's delivery status callback (its signature checked by the server): the status is kept on
-- the message unless a later one was already reported (callbacks may come out of order); a number
-- the provider says cannot receive texts (p_error_code: not a mobile number, landline or
-- unreachable carrier, unknown or blocked destination) is recorded as such, and its queued texts
-- are failed. Returns whether the message was known.
create or replace function public.text_status(p_provider_id text, p_status text, p_error_code text default null)
returns boolean language plpgsql security definer set search_path = '' as $$
declare
  ranks constant jsonb := '{"queued": 1, "sending": 2, "sent": 3, "delivered": 4, "undelivered": 4, "failed": 4}';
  m public.outbox_messages;
begin
  if p_status is null or not ranks ? p_status then
    raise exception 'Unknown delivery status' using errcode = 'P0001', hint = 'text-status';
  end if;
  if p_error_code is not null and p_error_code !~ '^[0-9]{1,10}$' then
    raise exception 'Unknown error code' using errcode = 'P0001', hint = 'text-status';
  end if;
  update public.outbox_messages x set delivery_status = p_status, delivery_error = p_error_code
  where x.provider_id = p_provider_id and x.channel = 'sms'
    and coalesce((ranks->>x.delivery_status)::int, 0) <= (ranks->>p_status)::int
  returning * into m;
  if m.id is null then
    return exists (select 1 from public.outbox_messages x where x.provider_id = p_provider_id);
  end if;
  if p_error_code in ('21211', '21612', '21614', '30003', '30005', '30006') and m.recipient is not null then
    perform private.text_number_off(m.recipient, 'unreachable', p_error_code);
  end if;
  return true;
end;
$$;

revoke execute on function public.text_status(text,text,text) from public, anon, authenticated;
grant execute on function public.text_status(text,text,text) to service_role;

-- supabase/functions/vendor_page.sql
-- A listing's page, in one call: its place, the vendor's card with its street, description,
-- its published reviews in figures with the stars' spread,
-- whether its name is shared in the city (the title then adds the street), how quickly it
-- responds, whether it has stopped taking requests, and its rate card, and the first page of
-- its published reviews (vendor_reviews' default page, REVIEWS_PER_PAGE in lib/reviews/data.ts).
create or replace function public.vendor_page(p_country_slug text, p_state_slug text, p_city_slug text, p_vendor_slug text)
returns jsonb language sql stable set search_path = '' as $$
  with co as (select * from public.countries where slug = lower(p_country_slug)),
       st as (select s.* from public.states s join co on co.id = s.country_id where s.slug = lower(p_state_slug)),
       c as (select c.* from public.cities c join st on st.id = c.state_id where c.slug = lower(p_city_slug)),
       v as (select v.* from public.vendors v where v.slug = lower(p_vendor_slug))
  select jsonb_build_object(
    'country', (select jsonb_build_object('name', name, 'slug', slug) from co),
    'state', (select jsonb_build_object('name', name, 'slug', slug, 'code', code) from st),
    'city', (select jsonb_build_object('name', name, 'slug', slug) from c),
    'vendor', (select public.vendor_card(v) || jsonb_build_object(
                 'reviews', public.vendor_review_summary(v.id), 'street', v.street, 'created_at', v.created_at, 'updated_at', v.updated_at,
                 'postcode', (select p.code from public.postcodes p where p.id = v.postcode_id),
                 'description', (select d.description from public.vendors_additionaldetails d where d.vendor_id = v.id),
                 'name_shared', exists (
                   select 1 from public.vendors o
                   join public.postcodes op on op.id = o.postcode_id
                   join public.postcodes vp on vp.id = v.postcode_id
                   where o.name = v.name and o.id <> v.id and op.city_id = vp.city_id),
                 'response', private.vendor_response(v.id), 'response_rate', case when v.response_rate_count >= 5 then
                   jsonb_build_object('percent', v.response_rate, 'count', v.response_rate_count) end, 'hours', v.hours, 'paused', v.leads_paused_at is not null,
                 'rates', public.rate_card_json(v.id))
               from v where exists (select 1 from c)),
    'reviews', (select public.vendor_reviews(v.id) from v where exists (select 1 from c)));
$$;

revoke execute on function public.vendor_page(text,text,text,text) from public;
grant execute on function public.vendor_page(text,text,text,text) to anon, authenticated, service_role;

-- supabase/functions/vendor_response_rates.sql
-- How often vendors answer: for each vendor of p_vendor_ids, of the requests it received in the
-- last 90 days whose first response was due and came (responded_at) or did not (passed_at), the
-- percentage answered, rounded down, and how many it rests on. A vendor that said it is not
-- available answered; one whose request was booked or withdrawn before its time ran out is not counted.
create or replace function private.vendor_response_rates(p_vendor_ids bigint[])
returns table (vendor_id bigint, rate int, count bigint) language sql stable security definer set search_path = '' as $$
  select r.vendor_id, floor(100.0 * count(r.responded_at) / count(*))::int, count(*)
  from (select distinct u.id from unnest(p_vendor_ids) u(id)) ids
  join public.lead_recipients r on r.vendor_id = ids.id
  where r.completed_at > now() - interval '90 days' and (r.responded_at is not null or r.passed_at is not null)
  group by r.vendor_id;
$$;

revoke execute on function private.vendor_response_rates(bigint[]) from public, anon, authenticated;

-- supabase/functions/vendor_response_stats.sql
-- Trigger (by statement): when vendors answer requests, keeps on each one's row when it last answered
-- and its response time then (vendor_responses); when they answer or stay silent past their due
-- time, its response rate (vendor_response_rates). Only an answer or a silence recomputes them: a
-- later change of a request's status, which leaves its answer as it was, does not. Its statements are planned on
-- each call (execute): a plan kept from a call of a few rows would join a bulk statement's
-- thousands in a nested loop.
create or replace function private.vendor_response_stats()
returns trigger language plpgsql security definer set search_path = '' as $$
declare
  answered_by bigint[];
begin
  if tg_op = 'UPDATE' then
    execute 'select array(select distinct n.vendor_id from new_rows n join old_rows o on o.lead_id = n.lead_id and o.vendor_id = n.vendor_id
                          where (n.responded_at is not null and n.responded_at is distinct from o.responded_at)
                             or (n.passed_at is not null and n.passed_at is distinct from o.passed_at))' into answered_by;
  else
    execute 'select array(select distinct n.vendor_id from new_rows n where n.responded_at is not null or n.passed_at is not null)' into answered_by;
  end if;
  if cardinality(answered_by) = 0 then
    return null;
  end if;
  execute 'with answered as (
             select n.vendor_id, max(n.responded_at) as at from new_rows n
             where n.vendor_id = any ($1) and n.responded_at is not null group by 1)
           update public.vendors v set last_responded_at = greatest(v.last_responded_at, a.at), response_hours = x.hours, response_count = x.count
           from answered a left join private.vendor_responses($1) x on x.vendor_id = a.vendor_id
           where v.id = a.vendor_id' using answered_by;
  execute 'update public.vendors v set response_rate = x.rate, response_rate_count = x.count
           from private.vendor_response_rates($1) x where v.id = x.vendor_id' using answered_by;
  return null;
end;
$$;
revoke execute on function private.vendor_response_stats() from public, anon, authenticated;
