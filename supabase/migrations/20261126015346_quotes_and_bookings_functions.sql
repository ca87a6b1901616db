-- Written by npm run db:migration from supabase/functions/ (edit those files, not this one).

-- supabase/functions/quote_save.sql
-- Saves a vendor's quote for a request it received, replacing its open one (a revision), and
-- returns it. The total is the database's: each line's amount is its quantity times its unit
-- price, the tax a percentage of their sum, and a quote whose stated total differs is refused.
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
  subtotal bigint := 0;
  tax bigint;
  valid timestamptz;
  previous public.quotes;
  saved public.quotes;
begin
  select x.* into l from public.leads x
  join public.lead_recipients r on r.lead_id = x.id and r.vendor_id = p_vendor_id
  where x.id = p_lead_id and x.completed and not x.spam
  for update of x;
  if l.id is null then
    raise exception 'No such request' using errcode = 'PT404', hint = 'no-request';
  end if;
  if l.withdrawn_at is not null then
    raise exception 'The renter withdrew this request' using errcode = 'P0001', hint = 'request-withdrawn';
  end if;
  if exists (select 1 from public.bookings b where b.lead_id = l.id) then
    raise exception 'This request is already booked' using errcode = 'P0001', hint = 'request-booked';
  end if;
  if l.rental_start_date <= current_date then
    raise exception 'The rental has started' using errcode = 'P0001', hint = 'rental-started';
  end if;
  if jsonb_typeof(q->'lines') is distinct from 'array' or jsonb_array_length(q->'lines') not between 1 and 20 then
    raise exception 'A quote needs between 1 and 20 lines' using errcode = 'P0001', hint = 'quote-lines';
  end if;
  for line in select * from jsonb_array_elements(q->'lines') loop
    if coalesce(line->>'kind', '') not in ('rental', 'delivery', 'pickup', 'waiver', 'hours', 'fuel', 'fee')
       or length(trim(coalesce(line->>'label', ''))) not between 1 and 80
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
    lines := lines || jsonb_build_object('kind', line->>'kind', 'label', trim(line->>'label'), 'quantity', quantity,
                                         'unit_cents', unit, 'amount_cents', round(quantity * unit)::bigint);
    subtotal := subtotal + round(quantity * unit)::bigint;
  end loop;
  if coalesce((q->>'tax_percent')::numeric, 0) not between 0 and 20 then
    raise exception 'Sales tax must be between 0 and 20 percent' using errcode = 'P0001', hint = 'quote-tax';
  end if;
  tax := round(subtotal * coalesce((q->>'tax_percent')::numeric, 0) / 100);
  if (q->>'total_cents')::bigint is distinct from subtotal + tax then
    raise exception 'The total does not match the lines' using errcode = 'P0001', hint = 'total-mismatch';
  end if;
  valid := coalesce((q->>'valid_until')::timestamptz, least(now() + interval '3 days', l.rental_start_date::timestamptz));
  if valid <= now() or valid > now() + interval '14 days' or valid > l.rental_start_date::timestamptz then
    raise exception 'A quote is valid for at most 14 days, and not past the rental''s start' using errcode = 'P0001', hint = 'quote-window';
  end if;
  if not coalesce((q->>'available')::boolean, true)
     and ((q->>'alternate_start')::date is null or (q->>'alternate_end')::date is null
          or (q->>'alternate_end')::date < (q->>'alternate_start')::date or (q->>'alternate_start')::date <= current_date) then
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
          (q->>'tax_percent')::numeric, subtotal, tax, subtotal + tax, nullif(trim(coalesce(q->>'message', '')), ''), valid)
  returning * into saved;

  update public.lead_recipients r set status = 'quoted', status_at = now(), status_reason = null,
    responded_at = coalesce(r.responded_at, now())
  where r.lead_id = l.id and r.vendor_id = p_vendor_id;
  perform public.review_invite_now(l.id);
  if l.renter_email is not null then
    insert into public.outbox_messages (lead_id, vendor_id, channel, kind, recipient, payload)
    values (l.id, p_vendor_id, 'email', 'quote', l.renter_email,
            jsonb_build_object('quote_id', saved.id, 'revised', previous.id is not null));
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

-- supabase/functions/business_save_quote.sql
-- A business's quote for a request one of its listings received (quote_save).
create or replace function public.business_save_quote(p_email text, p_vendor_id bigint, p_lead_id bigint, p_quote jsonb)
returns jsonb language plpgsql security definer set search_path = '' as $$
begin
  perform public.business_require_manager(p_email, p_vendor_id);
  return private.quote_save(p_vendor_id, p_lead_id, p_quote);
end;
$$;

revoke execute on function public.business_save_quote(text,bigint,bigint,jsonb) from public, anon, authenticated;
grant execute on function public.business_save_quote(text,bigint,bigint,jsonb) to service_role;

-- supabase/functions/lead_status.sql
-- A renter's own request, for its private status page: proven by the owner token its
-- browser holds, or by the status link emailed with the renter's copy (the hash of its
-- token, while it lasts). A wrong proof answers as an unknown request. Which vendors it
-- went to, and for each whether the email was sent, whether the vendor has answered, and
-- the renter's review of it: why it cannot be reviewed yet, or the review and its state; its
-- published reviews and response time, and its latest quote; and the request's booking.
create or replace function public.lead_status(p_lead_id bigint, p_owner_token text, p_link_hash text default null)
returns jsonb language sql stable security definer set search_path = '' as $$
  select jsonb_build_object('id', l.id, 'skid_steer_type', l.skid_steer_type, 'rental_start_date', l.rental_start_date,
    'rental_end_date', l.rental_end_date, 'rental_days', l.rental_days, 'location', l.location, 'completed_at', l.completed_at,
    'withdrawn_at', l.withdrawn_at,
    'booking', (select to_jsonb(b) from public.bookings b where b.lead_id = l.id),
    'recipients', (select coalesce(jsonb_agg(jsonb_build_object(
        'vendor_id', v.id, 'vendor_name', v.name, 'phone', v.phone, 'sent', exists (select 1 from public.outbox_messages m
                                               where m.lead_id = l.id and m.vendor_id = r.vendor_id and m.status = 'sent'),
        'contacted', r.responded_at is not null,
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
  where l.id = p_lead_id and l.completed
    and (l.owner_token_hash = encode(sha256(convert_to(coalesce(p_owner_token, ''), 'UTF8')), 'hex')
         or exists (select 1 from public.auth_links a where a.token_hash = p_link_hash and a.purpose = 'lead_status'
                    and a.lead_id = l.id and a.expires_at > now()));
$$;

revoke execute on function public.lead_status(bigint,text,text) from public, anon, authenticated;
grant execute on function public.lead_status(bigint,text,text) to service_role;

-- supabase/functions/quote_link_request.sql
-- The request an emailed "Send a quote" link opens (any number of times while it lasts, for
-- that one request only): what the vendor needs to quote it, its rate card to prefill from, and
-- its open quote if any. A wrong or expired token answers as an unknown link.
create or replace function public.quote_link_request(p_token_hash text)
returns jsonb language sql stable security definer set search_path = '' as $$
  select jsonb_build_object('lead_id', l.id, 'vendor_id', v.id, 'vendor_name', v.name, 'skid_steer_type', l.skid_steer_type,
    'rental_start_date', l.rental_start_date, 'rental_end_date', l.rental_end_date, 'rental_days', l.rental_days,
    'location', l.location, 'withdrawn', l.withdrawn_at is not null,
    'booked', exists (select 1 from public.bookings b where b.lead_id = l.id),
    'rate_card', public.rate_card_json(v.id),
    'miles', public.vendor_miles_to_zip(v.id, l.location),
    'quote', (select to_jsonb(x) from public.quotes x where x.lead_id = l.id and x.vendor_id = v.id and x.status = 'open'))
  from public.auth_links a
  join public.leads l on l.id = a.lead_id
  join public.vendors v on v.id = a.vendor_id
  where a.token_hash = p_token_hash and a.purpose = 'lead_quote' and a.expires_at > now();
$$;

revoke execute on function public.quote_link_request(text) from public, anon, authenticated;
grant execute on function public.quote_link_request(text) to service_role;

-- supabase/functions/quote_link_save.sql
-- A quote sent from an emailed "Send a quote" link: for that link's request and listing only.
create or replace function public.quote_link_save(p_token_hash text, p_quote jsonb)
returns jsonb language plpgsql security definer set search_path = '' as $$
declare
  link public.auth_links;
begin
  select * into link from public.auth_links a
  where a.token_hash = p_token_hash and a.purpose = 'lead_quote' and a.expires_at > now();
  if link.token_hash is null then
    raise exception 'This link is invalid or has expired.' using errcode = 'PT404', hint = 'link-invalid';
  end if;
  return private.quote_save(link.vendor_id, link.lead_id, p_quote);
end;
$$;

revoke execute on function public.quote_link_save(text,jsonb) from public, anon, authenticated;
grant execute on function public.quote_link_save(text,jsonb) to service_role;

-- supabase/functions/renter_book_quote.sql
-- Books one quote of the renter's own request (proven as for lead_status). The request's row is
-- locked, so of two bookings at once exactly one is made; a request has at most one booking.
-- The quote must be open and still valid. The booked vendor is told with the renter's details,
-- the renter gets a confirmation, and every other vendor that received the request is told the
-- renter chose another vendor, its open quote closed. Returns the booking.
create or replace function public.renter_book_quote(p_lead_id bigint, p_owner_token text, p_link_hash text, p_quote_id bigint)
returns jsonb language plpgsql security definer set search_path = '' as $$
declare
  l public.leads;
  chosen public.quotes;
  booking public.bookings;
begin
  if public.lead_status(p_lead_id, p_owner_token, p_link_hash) is null then
    raise exception 'Rental request not found' using errcode = 'PT404', hint = 'no-request';
  end if;
  select * into l from public.leads x where x.id = p_lead_id for update;
  if l.withdrawn_at is not null then
    raise exception 'The request was withdrawn' using errcode = 'P0001', hint = 'request-withdrawn';
  end if;
  if exists (select 1 from public.bookings b where b.lead_id = l.id) then
    raise exception 'This request is already booked' using errcode = 'P0001', hint = 'already-booked';
  end if;
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

  insert into public.bookings (lead_id, quote_id, vendor_id) values (l.id, chosen.id, chosen.vendor_id) returning * into booking;
  update public.quotes q set status = case when q.id = chosen.id then 'booked' else 'closed' end, closed_at = now()
  where q.lead_id = l.id and q.status = 'open';
  update public.lead_recipients r set
    status = case when r.vendor_id = chosen.vendor_id then 'won' else 'lost' end,
    status_reason = case when r.vendor_id = chosen.vendor_id then null else 'The renter chose another vendor' end,
    status_at = now()
  where r.lead_id = l.id;
  insert into public.outbox_messages (lead_id, vendor_id, channel, kind, recipient, payload)
  select l.id, r.vendor_id, 'email', case when r.vendor_id = chosen.vendor_id then 'booked' else 'chose_another' end, v.email,
         jsonb_build_object('quote_id', chosen.id)
  from public.lead_recipients r join public.vendors v on v.id = r.vendor_id
  where r.lead_id = l.id and v.email is not null;
  if l.renter_email is not null then
    insert into public.outbox_messages (lead_id, vendor_id, channel, kind, recipient, payload)
    values (l.id, chosen.vendor_id, 'email', 'booking_confirmation', l.renter_email, jsonb_build_object('quote_id', chosen.id));
  end if;
  return to_jsonb(booking);
end;
$$;

revoke execute on function public.renter_book_quote(bigint,text,text,bigint) from public, anon, authenticated;
grant execute on function public.renter_book_quote(bigint,text,text,bigint) to service_role;

-- supabase/functions/renter_cancel_booking.sql
-- Cancels the booking of the renter's own request (proven as for lead_status), with a reason,
-- until the day the rental starts. The booked vendor is told.
create or replace function public.renter_cancel_booking(p_lead_id bigint, p_owner_token text, p_link_hash text, p_reason text)
returns jsonb language plpgsql security definer set search_path = '' as $$
declare
  l public.leads;
  booking public.bookings;
  reason constant text := trim(coalesce(p_reason, ''));
begin
  if public.lead_status(p_lead_id, p_owner_token, p_link_hash) is null then
    raise exception 'Rental request not found' using errcode = 'PT404', hint = 'no-request';
  end if;
  select * into l from public.leads x where x.id = p_lead_id for update;
  select * into booking from public.bookings b where b.lead_id = l.id and b.status = 'booked';
  if booking.lead_id is null then
    raise exception 'This request has no booking' using errcode = 'P0001', hint = 'no-booking';
  end if;
  if current_date >= l.rental_start_date then
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
  insert into public.outbox_messages (lead_id, vendor_id, channel, kind, recipient, payload)
  select l.id, v.id, 'email', 'booking_cancelled', v.email, jsonb_build_object('quote_id', booking.quote_id)
  from public.vendors v where v.id = booking.vendor_id and v.email is not null;
  return to_jsonb(booking);
end;
$$;

revoke execute on function public.renter_cancel_booking(bigint,text,text,text) from public, anon, authenticated;
grant execute on function public.renter_cancel_booking(bigint,text,text,text) to service_role;
