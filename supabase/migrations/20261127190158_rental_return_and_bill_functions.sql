-- Written by npm run db:migration from supabase/functions/ (edit those files, not this one).

-- supabase/functions/bill_retotal.sql
-- The bill's tax line (the quote's sales tax on every other line) made anew, and the booking's
-- bill total set to the sum of all its lines.
create or replace function private.bill_retotal(p_lead_id bigint)
returns void language sql security definer set search_path = '' as $$
  delete from public.bill_lines l where l.lead_id = p_lead_id and l.kind = 'tax';
  insert into public.bill_lines (lead_id, position, kind, label, amount_cents, in_quote)
  select p_lead_id, 10000, 'tax', format('Sales tax, %s%%', trim(trailing '.' from trim(trailing '0' from q.tax_percent::text))),
         round(s.cents * q.tax_percent / 100), true
  from public.bookings b join public.quotes q on q.id = b.quote_id
  cross join lateral (select coalesce(sum(l.amount_cents), 0) as cents from public.bill_lines l where l.lead_id = p_lead_id) s
  where b.lead_id = p_lead_id and q.tax_percent > 0;
  update public.bookings b set bill_total_cents = (select coalesce(sum(l.amount_cents), 0) from public.bill_lines l where l.lead_id = p_lead_id)
  where b.lead_id = p_lead_id;
$$;

revoke execute on function private.bill_retotal(bigint) from public, anon, authenticated;

-- supabase/functions/rental_price.sql
-- What renting the quote's machine for p_days costs by the quote's own periods, as the estimate
-- prices a rate card (lib/prices/estimate.ts): its rental lines read as periods by their labels
-- (a day, a week, 4 weeks), the cheapest combination covering the days. A quote whose rental lines
-- name no period is prorated: its rental lines' sum over the days booked. In cents, before tax.
create or replace function private.rental_price(p_quote_id bigint, p_days int)
returns bigint language plpgsql stable security definer set search_path = '' as $$
declare
  periods jsonb;
  best bigint[] := array[0::bigint];
  n int;
  candidate bigint;
  period jsonb;
  booked int;
  rental bigint;
begin
  if p_days <= 0 then
    return 0;
  end if;
  select coalesce(jsonb_agg(jsonb_build_object('days', x.days, 'cents', x.cents)), '[]'::jsonb) into periods
  from (
    select case when l->>'label' ~* '(4|four)\s*-?\s*weeks?' then 28 when l->>'label' ~* 'week' then 7
                when l->>'label' ~* 'day' then 1 end as days,
           (l->>'unit_cents')::bigint as cents
    from public.quotes q cross join jsonb_array_elements(q.lines) l
    where q.id = p_quote_id and l->>'kind' = 'rental') x
  where x.days is not null;
  if jsonb_array_length(periods) = 0 then
    select coalesce(sum((l->>'amount_cents')::bigint), 0), max(b.end_date - b.start_date + 1) into rental, booked
    from public.quotes q cross join jsonb_array_elements(q.lines) l left join public.bookings b on b.quote_id = q.id
    where q.id = p_quote_id and l->>'kind' = 'rental';
    return round(rental::numeric * p_days / greatest(coalesce(booked, 1), 1));
  end if;
  for n in 1 .. p_days loop
    best[n + 1] := null;
    for period in select * from jsonb_array_elements(periods) loop
      candidate := best[greatest(0, n - (period->>'days')::int) + 1] + (period->>'cents')::bigint;
      if best[n + 1] is null or candidate < best[n + 1] then
        best[n + 1] := candidate;
      end if;
    end loop;
  end loop;
  return best[p_days + 1];
end;
$$;

revoke execute on function private.rental_price(bigint,int) from public, anon, authenticated;

-- supabase/functions/build_bill.sql
-- Builds a picked-up rental's bill from the locked quote, its confirmed changes and the readings,
-- every line in the quote's terms: the quote's lines (its rental lines replaced, when the rental
-- was called off, by the rent up to the off-rent day by the quote's periods, never more than they
-- were); each accepted extension; the meter hours over the quote's included hours at its
-- over-hour rate; then the tax (private.bill_retotal).
create or replace function private.build_bill(p_lead_id bigint)
returns void language plpgsql security definer set search_path = '' as $$
declare
  booking public.bookings;
  q public.quotes;
  used_days int;
  rental_total bigint;
  over numeric;
begin
  select * into booking from public.bookings b where b.lead_id = p_lead_id;
  select * into q from public.quotes x where x.id = booking.quote_id;
  delete from public.bill_lines l where l.lead_id = p_lead_id;
  insert into public.bill_lines (lead_id, position, kind, label, amount_cents, in_quote)
  select p_lead_id, l.n, 'quote', l.line->>'label', (l.line->>'amount_cents')::bigint, true
  from jsonb_array_elements(q.lines) with ordinality l(line, n)
  where booking.off_rent_at is null or l.line->>'kind' <> 'rental';
  if booking.off_rent_at is not null then
    used_days := greatest(1, (booking.off_rent_at at time zone private.lead_time_zone(p_lead_id))::date - booking.start_date + 1);
    select coalesce(sum((l->>'amount_cents')::bigint), 0) into rental_total
    from jsonb_array_elements(q.lines) l where l->>'kind' = 'rental';
    insert into public.bill_lines (lead_id, position, kind, label, amount_cents, in_quote)
    values (p_lead_id, 0, 'rental', format('Rental, %s day%s (called off, %s)', used_days, case when used_days = 1 then '' else 's' end,
                                          booking.call_off_number),
            least(rental_total, private.rental_price(q.id, used_days)), true);
  end if;
  insert into public.bill_lines (lead_id, position, kind, label, amount_cents, in_quote)
  select p_lead_id, 100 + row_number() over (order by x.asked_at), 'extension',
         format('Extension to %s, %s day%s', x.new_end, x.added_days, case when x.added_days = 1 then '' else 's' end), x.price_cents, true
  from public.rental_extensions x where x.lead_id = p_lead_id and x.status = 'accepted';
  over := booking.pickup_hours - booking.delivery_hours - q.included_hours;
  if over > 0 and q.over_hour_cents is not null then
    insert into public.bill_lines (lead_id, position, kind, label, amount_cents, in_quote)
    values (p_lead_id, 200, 'over_hours', format('%s meter hours over the %s included', over, q.included_hours),
            round(over * q.over_hour_cents), true);
  end if;
  perform private.bill_retotal(p_lead_id);
end;
$$;

revoke execute on function private.build_bill(bigint) from public, anon, authenticated;

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
    if p_action in ('confirm_window', 'dispatch', 'deliver', 'arrive', 'report_problem', 'extend', 'answer_extension', 'call_off',
                    'pick_up', 'add_line', 'send_bill', 'answer_line', 'settle') and state = 'sent' then
      raise exception 'This request has no booking' using errcode = 'P0001', hint = 'no-booking';
    elsif p_action = 'confirm_window' and state in ('confirmed', 'on_the_way', 'on_rent', 'returned', 'billed', 'settled') then
      raise exception 'The delivery window is already confirmed' using errcode = 'P0001', hint = 'window-confirmed';
    elsif p_action in ('dispatch', 'deliver') and state = 'booked' then
      raise exception 'Confirm the delivery window first' using errcode = 'P0001', hint = 'window-unconfirmed';
    elsif p_action = 'dispatch' and state = 'on_the_way' then
      raise exception 'The machine is already on its way' using errcode = 'P0001', hint = 'already-on-the-way';
    elsif p_action in ('dispatch', 'deliver') and state = 'on_rent' then
      raise exception 'The machine is already delivered' using errcode = 'P0001', hint = 'already-delivered';
    elsif p_action in ('arrive', 'report_problem', 'extend', 'answer_extension', 'call_off', 'pick_up')
          and state in ('booked', 'confirmed', 'on_the_way') then
      raise exception 'The machine is not marked delivered yet' using errcode = 'P0001', hint = 'not-delivered';
    elsif p_action in ('arrive', 'report_problem', 'extend', 'answer_extension', 'call_off', 'pick_up', 'dispatch', 'deliver')
          and state in ('returned', 'billed', 'settled') then
      raise exception 'The machine was picked up' using errcode = 'P0001', hint = 'picked-up';
    elsif p_action in ('add_line', 'send_bill') and state in ('booked', 'confirmed', 'on_the_way', 'on_rent') then
      raise exception 'The machine is not picked up yet' using errcode = 'P0001', hint = 'not-picked-up';
    elsif p_action in ('add_line', 'send_bill') and state in ('billed', 'settled') then
      raise exception 'The bill was sent' using errcode = 'P0001', hint = 'bill-sent';
    elsif p_action in ('answer_line', 'settle') and state in ('booked', 'confirmed', 'on_the_way', 'on_rent', 'returned') then
      raise exception 'The bill is not sent yet' using errcode = 'P0001', hint = 'no-bill';
    elsif p_action in ('answer_line', 'settle') and state = 'settled' then
      raise exception 'The bill is settled' using errcode = 'P0001', hint = 'bill-settled';
    elsif p_action = 'cancel' and state in ('on_the_way', 'on_rent', 'returned', 'billed', 'settled') then
      raise exception 'The rental has started' using errcode = 'P0001', hint = 'rental-started';
    elsif p_action = 'delete' and state in ('sent', 'booked', 'confirmed', 'on_the_way', 'on_rent', 'returned', 'billed') then
      raise exception 'A request can be deleted once its rental has ended, it was withdrawn or its booking cancelled'
        using errcode = 'P0001', hint = 'delete-too-early';
    elsif p_action = 'cancel' and state = 'over' then
      raise exception 'The rental has started' using errcode = 'P0001', hint = 'rental-started';
    elsif p_action = 'cancel' then
      raise exception 'This request has no booking' using errcode = 'P0001', hint = 'no-booking';
    elsif p_action = 'book' and state in ('booked', 'confirmed', 'on_the_way', 'on_rent', 'returned', 'billed', 'settled') then
      raise exception 'This request is already booked' using errcode = 'P0001', hint = 'already-booked';
    elsif state = 'withdrawn' then
      raise exception 'The request was withdrawn' using errcode = 'P0001', hint = 'request-withdrawn';
    elsif state in ('booked', 'confirmed', 'on_the_way', 'on_rent', 'returned', 'billed', 'settled') then
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

-- supabase/functions/rental_of.sql
-- A request's booking as the renter, its vendor and the operator see it: every field, the job
-- site's time zone, the window in the job site's local time, its photos' paths (the pages sign
-- short-lived addresses for them), its extensions and its bill's lines (each with its photos).
-- Null when the request has no booking.
create or replace function private.rental_of(p_lead_id bigint)
returns jsonb language sql stable security definer set search_path = '' as $$
  select to_jsonb(b) || jsonb_build_object(
    'time_zone', z.zone,
    'window_day', to_char(b.window_start at time zone z.zone, 'YYYY-MM-DD'),
    'window_from', to_char(b.window_start at time zone z.zone, 'HH24:MI'),
    'window_to', to_char(b.window_end at time zone z.zone, 'HH24:MI'),
    'photos', coalesce((select jsonb_agg(jsonb_build_object('record', p.record, 'path', p.path) order by p.id)
                        from public.rental_photos p where p.lead_id = b.lead_id and p.bill_line_id is null), '[]'::jsonb),
    'extensions', coalesce((select jsonb_agg(jsonb_build_object('id', x.id, 'new_end', x.new_end, 'added_days', x.added_days,
                              'price_cents', x.price_cents, 'status', x.status, 'asked_at', x.asked_at) order by x.asked_at)
                            from public.rental_extensions x where x.lead_id = b.lead_id), '[]'::jsonb),
    'bill', coalesce((select jsonb_agg(jsonb_build_object('id', l.id, 'kind', l.kind, 'label', l.label, 'amount_cents', l.amount_cents,
                        'in_quote', l.in_quote, 'reason', l.reason, 'answer', l.answer, 'dispute_reason', l.dispute_reason,
                        'photos', coalesce((select jsonb_agg(p.path order by p.id) from public.rental_photos p where p.bill_line_id = l.id),
                                           '[]'::jsonb)) order by l.position)
                      from public.bill_lines l where l.lead_id = b.lead_id), '[]'::jsonb))
  from public.bookings b cross join lateral (select private.lead_time_zone(b.lead_id) as zone) z
  where b.lead_id = p_lead_id;
$$;

revoke execute on function private.rental_of(bigint) from public, anon, authenticated;

-- supabase/functions/business_add_bill_line.sql
-- The booked vendor adds a line to a picked-up rental's bill before sending it: fuel, damage,
-- cleaning or other, with an amount, a reason and 1 to 8 photos. It is marked "not in your quote"
-- (in_quote false) for the renter to accept or dispute, but for fuel when the quote's fuel policy
-- charges it and the machine came back with less than it went out with. At most 20 lines a bill.
create or replace function public.business_add_bill_line(p_email text, p_vendor_id bigint, p_lead_id bigint, p_kind text, p_label text,
  p_amount_cents bigint, p_reason text, p_photos text[])
returns jsonb language plpgsql security definer set search_path = '' as $$
declare
  booking public.bookings;
  q public.quotes;
  line_label constant text := trim(coalesce(p_label, ''));
  why constant text := trim(coalesce(p_reason, ''));
  added public.bill_lines;
begin
  perform private.booked_vendor(p_email, p_vendor_id, p_lead_id);
  perform private.lead_move(p_lead_id, 'add_line');
  select * into booking from public.bookings b where b.lead_id = p_lead_id;
  select * into q from public.quotes x where x.id = booking.quote_id;
  if p_kind is null or p_kind not in ('fuel', 'damage', 'cleaning', 'other') or length(line_label) not between 1 and 120 then
    raise exception 'Choose what the line is for and name it' using errcode = 'P0001', hint = 'line-invalid';
  end if;
  if p_amount_cents is null or p_amount_cents <= 0 or p_amount_cents > 10000000 then
    raise exception 'Give an amount from $0.01 to $100,000' using errcode = 'P0001', hint = 'line-amount';
  end if;
  if length(why) = 0 then
    raise exception 'Give the reason for the line' using errcode = 'P0001', hint = 'line-reason';
  end if;
  if length(why) > 500 then
    raise exception 'A field is too long' using errcode = 'P0001', hint = 'too-long';
  end if;
  if coalesce(cardinality(p_photos), 0) < 1 then
    raise exception 'Add at least 1 photo' using errcode = 'P0001', hint = 'photos-missing';
  end if;
  if cardinality(p_photos) > 8 then
    raise exception 'At most 8 photos' using errcode = 'P0001', hint = 'photos-too-many';
  end if;
  if (select count(*) from public.bill_lines l where l.lead_id = p_lead_id) >= 20 then
    raise exception 'A bill has at most 20 lines' using errcode = 'P0001', hint = 'bill-lines';
  end if;
  insert into public.bill_lines (lead_id, position, kind, label, amount_cents, in_quote, reason)
  values (p_lead_id, (select greatest(299, max(l.position)) + 1 from public.bill_lines l where l.lead_id = p_lead_id and l.kind <> 'tax'),
          p_kind, line_label, p_amount_cents,
          p_kind = 'fuel' and q.fuel_policy in ('full_to_full', 'charged') and booking.pickup_fuel < booking.delivery_fuel, why)
  returning * into added;
  insert into public.rental_photos (lead_id, record, path, bill_line_id) select p_lead_id, 'bill', x, added.id from unnest(p_photos) x;
  perform private.bill_retotal(p_lead_id);
  return private.rental_of(p_lead_id);
end;
$$;

revoke execute on function public.business_add_bill_line(text,bigint,bigint,text,text,bigint,text,text[]) from public, anon, authenticated;
grant execute on function public.business_add_bill_line(text,bigint,bigint,text,text,bigint,text,text[]) to service_role;

-- supabase/functions/business_answer_extension.sql
-- The booked vendor accepts or declines the open extension ask. Accepted, the booking's last day
-- moves and the calendar invitation is updated (SEQUENCE raised). The renter is told either way.
create or replace function public.business_answer_extension(p_email text, p_vendor_id bigint, p_lead_id bigint, p_accept boolean)
returns jsonb language plpgsql security definer set search_path = '' as $$
declare
  answered public.rental_extensions;
  booking public.bookings;
begin
  perform private.booked_vendor(p_email, p_vendor_id, p_lead_id);
  perform private.lead_move(p_lead_id, 'answer_extension');
  if p_accept is null then
    raise exception 'Accept or decline' using errcode = 'P0001', hint = 'extension-answer';
  end if;
  update public.rental_extensions x set status = case when p_accept then 'accepted' else 'declined' end, answered_at = now()
  where x.lead_id = p_lead_id and x.status = 'asked'
  returning * into answered;
  if answered.id is null then
    raise exception 'No extension is waiting for an answer' using errcode = 'P0001', hint = 'no-extension';
  end if;
  if p_accept then
    update public.bookings b set end_date = answered.new_end, sequence = b.sequence + 1 where b.lead_id = p_lead_id;
  end if;
  select * into booking from public.bookings b where b.lead_id = p_lead_id;
  insert into public.outbox_messages (lead_id, vendor_id, channel, kind, recipient, payload, quote_id, event_id)
  select l.id, booking.vendor_id, 'email', 'extension_answered', l.renter_email,
         jsonb_build_object('quote_id', booking.quote_id, 'extension_id', answered.id), booking.quote_id, answered.id
  from public.leads l where l.id = p_lead_id and l.renter_email is not null;
  return private.rental_of(p_lead_id);
end;
$$;

revoke execute on function public.business_answer_extension(text,bigint,bigint,boolean) from public, anon, authenticated;
grant execute on function public.business_answer_extension(text,bigint,bigint,boolean) to service_role;

-- supabase/functions/business_deliver.sql
-- The booked vendor marks the machine delivered, from the window's day (job site time) on, with the hour meter and the fuel (in eighths of a
-- tank) read then and 1 to 8 walk-around photos (their paths in the photo store); the renter is told.
-- Only a manager of the booked vendor may; any other answers as an unknown request.
create or replace function public.business_deliver(p_email text, p_vendor_id bigint, p_lead_id bigint, p_hours numeric,
  p_fuel int, p_photos text[])
returns jsonb language plpgsql security definer set search_path = '' as $$
begin
  perform private.booked_vendor(p_email, p_vendor_id, p_lead_id);
  perform private.lead_move(p_lead_id, 'deliver');
  if (now() at time zone private.lead_time_zone(p_lead_id))::date
     < ((select b.window_start from public.bookings b where b.lead_id = p_lead_id) at time zone private.lead_time_zone(p_lead_id))::date then
    raise exception 'The machine goes out on the delivery window''s day' using errcode = 'P0001', hint = 'too-early';
  end if;
  if p_hours is null or p_hours < 0 or p_hours > 99999 then
    raise exception 'Give the hour meter reading' using errcode = 'P0001', hint = 'reading-invalid';
  end if;
  if p_fuel is null or p_fuel not between 0 and 8 then
    raise exception 'Give the fuel level' using errcode = 'P0001', hint = 'fuel-invalid';
  end if;
  perform private.add_rental_photos(p_lead_id, 'delivery', p_photos, 1);
  update public.bookings b set delivered_at = now(), delivery_hours = round(p_hours, 1), delivery_fuel = p_fuel
  where b.lead_id = p_lead_id;
  perform private.tell_renter(p_lead_id, 'delivered');
  return private.rental_of(p_lead_id);
end;
$$;

revoke execute on function public.business_deliver(text,bigint,bigint,numeric,int,text[]) from public, anon, authenticated;
grant execute on function public.business_deliver(text,bigint,bigint,numeric,int,text[]) to service_role;

-- supabase/functions/business_dispatch.sql
-- The booked vendor marks the machine on its way to the job site, once its window is confirmed and
-- from the window's day (job site time) on; the renter is told. Only a manager of the booked vendor may; any other answers as an unknown request.
create or replace function public.business_dispatch(p_email text, p_vendor_id bigint, p_lead_id bigint)
returns jsonb language plpgsql security definer set search_path = '' as $$
begin
  perform private.booked_vendor(p_email, p_vendor_id, p_lead_id);
  perform private.lead_move(p_lead_id, 'dispatch');
  if (now() at time zone private.lead_time_zone(p_lead_id))::date
     < ((select b.window_start from public.bookings b where b.lead_id = p_lead_id) at time zone private.lead_time_zone(p_lead_id))::date then
    raise exception 'The machine goes out on the delivery window''s day' using errcode = 'P0001', hint = 'too-early';
  end if;
  update public.bookings b set dispatched_at = now() where b.lead_id = p_lead_id;
  perform private.tell_renter(p_lead_id, 'on_the_way');
  return private.rental_of(p_lead_id);
end;
$$;

revoke execute on function public.business_dispatch(text,bigint,bigint) from public, anon, authenticated;
grant execute on function public.business_dispatch(text,bigint,bigint) to service_role;

-- supabase/functions/business_pick_up.sql
-- The booked vendor records the pickup: the hour meter (never below the delivery's reading), the
-- fuel in eighths and 1 to 8 photos. The bill is then built from the locked quote, the confirmed
-- changes and the readings (private.build_bill), for the vendor to check, add to and send. The
-- renter is told.
create or replace function public.business_pick_up(p_email text, p_vendor_id bigint, p_lead_id bigint, p_hours numeric, p_fuel int,
  p_photos text[])
returns jsonb language plpgsql security definer set search_path = '' as $$
declare
  booking public.bookings;
begin
  perform private.booked_vendor(p_email, p_vendor_id, p_lead_id);
  perform private.lead_move(p_lead_id, 'pick_up');
  select * into booking from public.bookings b where b.lead_id = p_lead_id;
  if p_hours is null or p_hours < 0 or p_hours > 99999 then
    raise exception 'Give the hour meter reading' using errcode = 'P0001', hint = 'reading-invalid';
  end if;
  if round(p_hours, 1) < booking.delivery_hours then
    raise exception 'The hour meter reads less than at delivery' using errcode = 'P0001', hint = 'reading-backwards';
  end if;
  if p_fuel is null or p_fuel not between 0 and 8 then
    raise exception 'Give the fuel level' using errcode = 'P0001', hint = 'fuel-invalid';
  end if;
  perform private.add_rental_photos(p_lead_id, 'pickup', p_photos, 1);
  update public.bookings b set picked_up_at = now(), pickup_hours = round(p_hours, 1), pickup_fuel = p_fuel where b.lead_id = p_lead_id;
  perform private.build_bill(p_lead_id);
  perform private.tell_renter(p_lead_id, 'picked_up');
  return private.rental_of(p_lead_id);
end;
$$;

revoke execute on function public.business_pick_up(text,bigint,bigint,numeric,int,text[]) from public, anon, authenticated;
grant execute on function public.business_pick_up(text,bigint,bigint,numeric,int,text[]) to service_role;

-- supabase/functions/business_rental.sql
-- One booked rental of a listing the address manages, for its printable bill: the request's
-- number and days, and the rental as private.rental_of shows it. Anyone else's answers as unknown.
create or replace function public.business_rental(p_email text, p_vendor_id bigint, p_lead_id bigint)
returns jsonb language plpgsql stable security definer set search_path = '' as $$
begin
  if not exists (select 1 from public.vendor_managers m where m.vendor_id = p_vendor_id and m.email = lower(trim(coalesce(p_email, ''))))
     or not exists (select 1 from public.bookings b where b.lead_id = p_lead_id and b.vendor_id = p_vendor_id) then
    return null;
  end if;
  return (select jsonb_build_object('id', l.id, 'vendor_name', v.name, 'rental', private.rental_of(l.id))
          from public.leads l cross join public.vendors v where l.id = p_lead_id and v.id = p_vendor_id and l.state <> 'erased');
end;
$$;

revoke execute on function public.business_rental(text,bigint,bigint) from public, anon, authenticated;
grant execute on function public.business_rental(text,bigint,bigint) to service_role;

-- supabase/functions/lead_check.sql
-- Whether the request's life allows this action now: refuses with the code private.lead_move would,
-- and changes nothing (the move is made and undone). Lets a caller refuse before costly work
-- (decoding and storing photos).
create or replace function private.lead_check(p_lead_id bigint, p_action text)
returns void language plpgsql security definer set search_path = '' as $$
begin
  perform private.lead_move(p_lead_id, p_action);
  raise exception 'dry run' using errcode = 'PTDRY';
exception when sqlstate 'PTDRY' then
  null;
end;
$$;

revoke execute on function private.lead_check(bigint,text) from public, anon, authenticated;

-- supabase/functions/business_rental_check.sql
-- Before a booked vendor's step that carries photos: refuses, as the step itself would, anyone but a
-- manager of the booked vendor and a step the request's life does not allow now.
create or replace function public.business_rental_check(p_email text, p_vendor_id bigint, p_lead_id bigint, p_action text)
returns boolean language plpgsql security definer set search_path = '' as $$
begin
  perform private.booked_vendor(p_email, p_vendor_id, p_lead_id);
  if p_action is null or p_action not in ('deliver', 'pick_up', 'add_line') then
    raise exception 'No such request' using errcode = 'PT404', hint = 'no-request';
  end if;
  perform private.lead_check(p_lead_id, p_action);
  return true;
end;
$$;

revoke execute on function public.business_rental_check(text,bigint,bigint,text) from public, anon, authenticated;
grant execute on function public.business_rental_check(text,bigint,bigint,text) to service_role;

-- supabase/functions/vendor_rental_records.sql
-- Recounts a vendor's two public records over the rentals settled through the site in the last 12
-- months: delivered on time (marked delivered within the confirmed window, and no problem reported
-- within 24 hours of it), and final bill matched the quote (no line outside the quote's terms: a
-- disputed line never counts as matched).
create or replace function private.vendor_rental_records(p_vendor_id bigint)
returns void language sql security definer set search_path = '' as $$
  update public.vendors v set rentals_completed = s.total, rentals_on_time = s.on_time, rentals_matched = s.matched, rentals_since = s.since
  from (
    select count(*)::int as total,
      (count(*) filter (where b.delivered_at between b.window_start and b.window_end
                          and (b.problem_at is null or b.problem_at > b.delivered_at + interval '24 hours')))::int as on_time,
      (count(*) filter (where not exists (select 1 from public.bill_lines l where l.lead_id = b.lead_id and not l.in_quote)))::int as matched,
      min(b.settled_at)::date as since
    from public.bookings b
    where b.vendor_id = p_vendor_id and b.settled_at > now() - interval '12 months') s
  where v.id = p_vendor_id;
$$;

revoke execute on function private.vendor_rental_records(bigint) from public, anon, authenticated;

-- supabase/functions/settle_if_answered.sql
-- Settles a billed rental once no line outside the quote waits for the renter's answer, and keeps
-- its vendor's two public records (private.vendor_rental_records) up to date.
create or replace function private.settle_if_answered(p_lead_id bigint)
returns void language plpgsql security definer set search_path = '' as $$
begin
  if exists (select 1 from public.bill_lines l where l.lead_id = p_lead_id and not l.in_quote and l.answer is null) then
    return;
  end if;
  perform private.lead_move(p_lead_id, 'settle');
  update public.bookings b set settled_at = now() where b.lead_id = p_lead_id;
  perform private.vendor_rental_records((select b.vendor_id from public.bookings b where b.lead_id = p_lead_id));
end;
$$;

revoke execute on function private.settle_if_answered(bigint) from public, anon, authenticated;

-- supabase/functions/business_send_bill.sql
-- The booked vendor sends the final bill: the renter is told. A bill whose every line follows from
-- the quote is settled at once; otherwise it waits for the renter's answer to each line that does not.
create or replace function public.business_send_bill(p_email text, p_vendor_id bigint, p_lead_id bigint)
returns jsonb language plpgsql security definer set search_path = '' as $$
begin
  perform private.booked_vendor(p_email, p_vendor_id, p_lead_id);
  perform private.lead_move(p_lead_id, 'send_bill');
  perform private.bill_retotal(p_lead_id);
  update public.bookings b set billed_at = now() where b.lead_id = p_lead_id;
  perform private.settle_if_answered(p_lead_id);
  perform private.tell_renter(p_lead_id, 'bill_ready');
  return private.rental_of(p_lead_id);
end;
$$;

revoke execute on function public.business_send_bill(text,bigint,bigint) from public, anon, authenticated;
grant execute on function public.business_send_bill(text,bigint,bigint) to service_role;

-- supabase/functions/vendor_card.sql
-- A vendor card with the slugs of its home location, for links, whether the business has
-- claimed the listing, whether it went public in the last 30 days ("New"), and its lowest
-- published day rate ("from $X/day"), marked when it is sample data, and its published
-- reviews in figures (their count and average, kept on its row by review_counts; its page adds
-- the stars' spread), and its records of rentals through the site (delivered on time, final bill
-- matched the quote). Its rating is sample data, never mixed with the reviews.
create or replace function public.vendor_card(v public.vendors)
returns jsonb language sql stable set search_path = '' as $$
  select jsonb_build_object(
    'id', v.id, 'name', v.name, 'slug', v.slug, 'phone', v.phone, 'site', v.site,
    'full_address', v.full_address, 'rating', v.rating, 'photo', v.photo,
    'city_name', c.name, 'city_slug', c.slug, 'state_slug', st.slug, 'state_code', st.code,
    'country_slug', co.slug, 'claimed', v.claimed_at is not null, 'new', coalesce(v.listed_at > now() - interval '30 days', false),
    -- Read here rather than through a function: a card is built for every vendor of a page.
    'from_day', (select min(k.day_rate) from public.rate_card_classes k where k.vendor_id = r.vendor_id),
    'rates_sample', r.sample,
    'reviews', jsonb_build_object('count', v.review_count, 'average', round(v.review_stars::numeric / nullif(v.review_count, 0), 1)),
    -- Its two records of rentals through the site, once it has 3; a sample listing (neither listed nor claimed) never shows them.
    'records', case when v.rentals_completed >= 3 and (v.claimed_at is not null or v.listed_at is not null) then
      jsonb_build_object('completed', v.rentals_completed, 'on_time', v.rentals_on_time, 'matched', v.rentals_matched,
                         'since', v.rentals_since) end)
  from public.postcodes p
  join public.cities c on c.id = p.city_id
  join public.states st on st.id = c.state_id
  join public.countries co on co.id = st.country_id
  left join public.rate_cards r on r.vendor_id = v.id
  where p.id = v.postcode_id;
$$;

revoke execute on function public.vendor_card(public.vendors) from public;
grant execute on function public.vendor_card(public.vendors) to anon, authenticated, service_role;

-- supabase/functions/erase_requests.sql
-- Erases these requests, by one action of their life (the operator's erase, the renter's delete, the
-- retention job's expire), which every one of them must allow: drafts are deleted; the others keep
-- what the reports count (dates, ZIP, machine, vendors, quotes' amounts) and lose everything that
-- names or describes the person: name, phone, email, client address (also in the consent and the
-- abuse limits), their reviews and the emails about them, every message's contents, recipient and
-- delivery errors, the cancellation reason, the job site's address, access notes and contact, the
-- problem they reported, the rental's photos (their files queued for deletion from the store), the
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
  update public.bookings b set cancel_reason = null, site_address = null, access_notes = null, site_contact = null,
    site_phone = null, problem_note = null
  where b.lead_id = any (p_ids)
    and (b.cancel_reason is not null or b.site_address is not null or b.access_notes is not null or b.site_contact is not null
         or b.site_phone is not null or b.problem_note is not null);
  update public.bill_lines l set reason = case when l.reason is null then null else 'Erased' end,
    dispute_reason = case when l.dispute_reason is null then null else 'Erased' end
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

-- supabase/functions/lead_booking_agrees.sql
-- Constraint trigger, checked at commit: a request is booked (from booked to settled)
-- exactly when it has a booking that is not cancelled, but for an erased one, whose ended rental's
-- booking stays as the record.
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
  if (l.state in ('booked', 'confirmed', 'on_the_way', 'on_rent', 'returned', 'billed', 'settled') and not live)
     or (live and l.state not in ('booked', 'confirmed', 'on_the_way', 'on_rent', 'returned', 'billed', 'settled', 'erased')) then
    raise exception 'Request % is % but its booking says otherwise', l.id, l.state using errcode = 'P0001', hint = 'request-state';
  end if;
  return null;
end;
$$;

revoke execute on function private.lead_booking_agrees() from public, anon, authenticated;

-- supabase/functions/operator_lead_page.sql
-- The console's completed rental requests matching its filters, newest first, one page read by
-- keyset: the page older than request p_older_than, or newer than request p_newer_than, or the
-- newest. Filters (all optional): completed between two dates, the job ZIP's state (slug), a
-- recipient vendor, the job ZIP, the delivery state ('pending', 'sent', 'failed', 'none' for no
-- recipient), the stage ('quoted': a vendor quoted it; 'booked': its booking is live and it is not
-- erased) and spam ('only', 'include'; left out by default). Each page reads one index in
-- page order (a recipient's, the ZIP's, the state's, the spam, booked, quoted or unsent requests' or every
-- request's), so its cost does not grow with history, but for failed or undelivered messages,
-- which are read from those few messages; a listing's requests are counted from its recipients' index alone, which
-- holds each request's spam mark; 'total' counts at most 10,001 matches ('total_capped' past 10,000).
create or replace function public.operator_lead_page(p_filters jsonb, p_limit int, p_older_than bigint default null, p_newer_than bigint default null)
returns jsonb language plpgsql stable security definer set search_path = '' as $$
declare
  f constant jsonb := coalesce(p_filters, '{}'::jsonb);
  page_size constant int := least(greatest(coalesce(p_limit, 50), 1), 1000);
  count_cap constant int := 10000;
  newer constant boolean := p_older_than is null and p_newer_than is not null;
  state_filter_id constant bigint := (select min(s.id) from public.states s where s.slug = f->>'state');
  anchor_at timestamptz;
  anchor_id bigint;
  origin text;
  source text;
  conditions text[];
  filtered text;
  page_ids bigint[];
  matches int;
begin
  select l.completed_at, l.id into anchor_at, anchor_id
  from public.leads l where l.id = coalesce(p_older_than, p_newer_than) and l.completed;

  -- The index that serves the page: the narrowest filter's, ordered as the page is (but for
  -- failed or undelivered messages, few enough to be read whole); the other filters are checked
  -- on each row it gives, and only they: a condition the source already holds is not asked again.
  origin := case
    when f->>'delivery' in ('failed', 'pending') then 'delivery'
    when f->>'vendor' is not null and f->>'zip' is null and f->>'state' is null then 'vendor'
    when f->>'vendor' is not null then 'vendor_request'
    when f->>'zip' is not null then 'zip'
    when f->>'state' is not null then 'state'
    when f->>'spam' = 'only' then 'spam'
    when f->>'delivery' = 'none' then 'none'
    when f->>'stage' = 'booked' then 'booked'
    when f->>'stage' = 'quoted' then 'quoted'
    else 'all' end;
  source := case origin
    when 'delivery' then format(
      'select l.id, l.completed_at, l.location, l.state_id, l.spam from public.leads l
         where l.completed and l.id = any (array(select distinct m.lead_id from public.outbox_messages m where %s))',
      case f->>'delivery' when 'failed' then 'm.status = ''failed''' else 'm.status in (''pending'', ''sending'')' end)
    when 'vendor' then
      'select r.lead_id as id, r.completed_at, null::text as location, null::bigint as state_id, r.spam
         from public.lead_recipients r where r.vendor_id = ($1->>''vendor'')::bigint and r.completed_at is not null'
    when 'vendor_request' then
      'select l.id, r.completed_at, l.location, l.state_id, l.spam from public.lead_recipients r
         join public.leads l on l.id = r.lead_id where r.vendor_id = ($1->>''vendor'')::bigint and r.completed_at is not null'
    when 'zip' then
      'select l.id, l.completed_at, l.location, l.state_id, l.spam from public.leads l where l.completed and l.location = $1->>''zip'''
    when 'state' then
      'select l.id, l.completed_at, l.location, l.state_id, l.spam from public.leads l where l.completed and l.state_id = $5'
    when 'spam' then
      'select l.id, l.completed_at, l.location, l.state_id, l.spam from public.leads l where l.completed and l.spam'
    when 'none' then
      'select l.id, l.completed_at, l.location, l.state_id, l.spam from public.leads l where l.completed and l.no_recipients'
    when 'booked' then
      'select l.id, l.completed_at, l.location, l.state_id, l.spam from public.leads l where l.completed
        and l.state = any (array[''booked'', ''confirmed'', ''on_the_way'', ''on_rent'', ''returned'', ''billed'', ''settled''])'
    when 'quoted' then
      'select l.id, l.completed_at, l.location, l.state_id, l.spam from public.leads l where l.completed and l.quoted_at is not null'
    else 'select l.id, l.completed_at, l.location, l.state_id, l.spam from public.leads l where l.completed' end;

  conditions := array_remove(array[
    case when f->>'from' is not null then 'k.completed_at >= ($1->>''from'')::date' end,
    case when f->>'to' is not null then 'k.completed_at < ($1->>''to'')::date + 1' end,
    case when f->>'zip' is not null and origin <> 'zip' then 'k.location = $1->>''zip''' end,
    case when f->>'state' is not null and origin <> 'state' then 'k.state_id = $5' end,
    case when f->>'vendor' is not null and origin = 'delivery' then
      'exists (select 1 from public.lead_recipients r where r.lead_id = k.id and r.vendor_id = ($1->>''vendor'')::bigint)' end,
    case when origin in ('delivery', 'none') then null else case f->>'delivery'
      when 'none' then 'not exists (select 1 from public.lead_recipients r where r.lead_id = k.id)'
      when 'failed' then 'exists (select 1 from public.outbox_messages m where m.lead_id = k.id and m.status = ''failed'')'
      when 'pending' then 'exists (select 1 from public.outbox_messages m where m.lead_id = k.id and m.status in (''pending'', ''sending''))'
      -- Every message sent: none failed and none still to send, each asked of its own small index.
      when 'sent' then 'exists (select 1 from public.outbox_messages m where m.lead_id = k.id)
        and not exists (select 1 from public.outbox_messages m where m.lead_id = k.id and m.status = ''failed'')
        and not exists (select 1 from public.outbox_messages m where m.lead_id = k.id and m.status in (''pending'', ''sending''))'
      end end,
    case when origin in ('booked', 'quoted') then null else case f->>'stage'
      when 'quoted' then 'exists (select 1 from public.leads q where q.id = k.id and q.quoted_at is not null)'
      when 'booked' then 'exists (select 1 from public.leads b where b.id = k.id and b.state = any (array[''booked'', ''confirmed'', ''on_the_way'', ''on_rent'', ''returned'', ''billed'', ''settled'']))'
      end end,
    case f->>'spam' when 'only' then case when origin <> 'spam' then 'k.spam' end when 'include' then null else 'not k.spam' end], null);
  filtered := format('select k.id, k.completed_at from (%s) k where %s', source,
                     coalesce(nullif(array_to_string(conditions, ' and '), ''), 'true'));

  execute format('select count(*) from (%s limit %s) x', filtered, count_cap + 1)
    into matches using f, null::timestamptz, null::bigint, null::int, state_filter_id;

  if newer then
    execute format('select array(select x.id from (%s) x where (x.completed_at, x.id) > ($2, $3)
                    order by x.completed_at, x.id limit $4)', filtered)
      into page_ids using f, anchor_at, anchor_id, page_size + 1, state_filter_id;
  else
    execute format('select array(select x.id from (%s) x where $2::timestamptz is null or (x.completed_at, x.id) < ($2, $3)
                    order by x.completed_at desc, x.id desc limit $4)', filtered)
      into page_ids using f, anchor_at, anchor_id, page_size + 1, state_filter_id;
  end if;

  return jsonb_build_object(
    'total', least(matches, count_cap),
    'total_capped', matches > count_cap,
    'next', case when newer then anchor_at is not null else cardinality(page_ids) > page_size end,
    'previous', case when newer then cardinality(page_ids) > page_size else anchor_at is not null end,
    -- Newest first, whichever way the page was read.
    'rows', public.operator_lead_list(case when newer
              then array(select u.id from unnest(page_ids[1:page_size]) with ordinality u(id, n) order by u.n desc)
              else page_ids[1:page_size] end));
end;
$$;

revoke execute on function public.operator_lead_page(jsonb,integer,bigint,bigint) from public, anon, authenticated;
grant execute on function public.operator_lead_page(jsonb,integer,bigint,bigint) to service_role;

-- supabase/functions/renter_answer_line.sql
-- The renter accepts or disputes, with a reason, one line of the final bill that did not follow
-- from the quote (proven as renter_owns_lead proves it), once. A disputed line is told to the
-- vendor (and shows on the console); the bill is settled when every such line is answered.
create or replace function public.renter_answer_line(p_lead_id bigint, p_owner_token text, p_link_hash text, p_line_id bigint,
  p_accept boolean, p_reason text)
returns jsonb language plpgsql security definer set search_path = '' as $$
declare
  line public.bill_lines;
  why constant text := trim(coalesce(p_reason, ''));
  booking public.bookings;
begin
  if not private.renter_owns_lead(p_lead_id, p_owner_token, p_link_hash) then
    raise exception 'Rental request not found' using errcode = 'PT404', hint = 'no-request';
  end if;
  perform private.lead_move(p_lead_id, 'answer_line');
  select * into line from public.bill_lines l where l.id = p_line_id and l.lead_id = p_lead_id and not l.in_quote;
  if line.id is null then
    raise exception 'No such line' using errcode = 'PT404', hint = 'no-line';
  end if;
  if line.answer is not null then
    raise exception 'You already answered this line' using errcode = 'P0001', hint = 'line-answered';
  end if;
  if p_accept is null then
    raise exception 'Accept or dispute' using errcode = 'P0001', hint = 'line-answer';
  end if;
  if not p_accept and length(why) = 0 then
    raise exception 'Say why you dispute it' using errcode = 'P0001', hint = 'dispute-reason';
  end if;
  if length(why) > 500 then
    raise exception 'A field is too long' using errcode = 'P0001', hint = 'too-long';
  end if;
  update public.bill_lines l set answer = case when p_accept then 'accepted' else 'disputed' end,
    dispute_reason = case when p_accept then null else why end, answered_at = now()
  where l.id = line.id;
  if not p_accept then
    select * into booking from public.bookings b where b.lead_id = p_lead_id;
    insert into public.outbox_messages (lead_id, vendor_id, channel, kind, recipient, payload, quote_id, event_id)
    select p_lead_id, v.id, 'email', 'line_disputed', v.email, jsonb_build_object('quote_id', booking.quote_id, 'line_id', line.id),
           booking.quote_id, line.id
    from public.vendors v where v.id = booking.vendor_id and v.email is not null;
  end if;
  perform private.settle_if_answered(p_lead_id);
  return private.rental_of(p_lead_id);
end;
$$;

revoke execute on function public.renter_answer_line(bigint,text,text,bigint,boolean,text) from public, anon, authenticated;
grant execute on function public.renter_answer_line(bigint,text,text,bigint,boolean,text) to service_role;

-- supabase/functions/renter_call_off.sql
-- The renter calls the rental off early (proven as renter_owns_lead proves it): the off-rent time
-- is now, a call-off number is given at once, an extension still waiting is declined, and rent
-- stops by the quote's periods (the bill's rental line, private.build_bill). The vendor is told,
-- and the calendar invitation ends at the off-rent time.
create or replace function public.renter_call_off(p_lead_id bigint, p_owner_token text, p_link_hash text)
returns jsonb language plpgsql security definer set search_path = '' as $$
declare
  booking public.bookings;
begin
  if not private.renter_owns_lead(p_lead_id, p_owner_token, p_link_hash) then
    raise exception 'Rental request not found' using errcode = 'PT404', hint = 'no-request';
  end if;
  perform private.lead_move(p_lead_id, 'call_off');
  select * into booking from public.bookings b where b.lead_id = p_lead_id;
  if booking.off_rent_at is not null then
    raise exception 'The rental was called off' using errcode = 'P0001', hint = 'called-off';
  end if;
  update public.rental_extensions x set status = 'declined', answered_at = now() where x.lead_id = p_lead_id and x.status = 'asked';
  update public.bookings b set off_rent_at = now(),
    call_off_number = 'CO-' || p_lead_id || '-' || upper(substr(md5(random()::text || clock_timestamp()::text), 1, 6)),
    sequence = b.sequence + 1
  where b.lead_id = p_lead_id returning * into booking;
  insert into public.outbox_messages (lead_id, vendor_id, channel, kind, recipient, payload, quote_id)
  select p_lead_id, v.id, 'email', 'called_off', v.email, jsonb_build_object('quote_id', booking.quote_id), booking.quote_id
  from public.vendors v where v.id = booking.vendor_id and v.email is not null;
  return private.rental_of(p_lead_id);
end;
$$;

revoke execute on function public.renter_call_off(bigint,text,text) from public, anon, authenticated;
grant execute on function public.renter_call_off(bigint,text,text) to service_role;

-- supabase/functions/renter_extend.sql
-- The renter asks to extend a rental on rent (proven as renter_owns_lead proves it) to a new last
-- day, at most 28 days past the booked one; priced by the quote's own periods (private.rental_price).
-- One ask at a time, none after calling the rental off. The booked vendor is told.
create or replace function public.renter_extend(p_lead_id bigint, p_owner_token text, p_link_hash text, p_new_end date)
returns jsonb language plpgsql security definer set search_path = '' as $$
declare
  booking public.bookings;
  asked public.rental_extensions;
begin
  if not private.renter_owns_lead(p_lead_id, p_owner_token, p_link_hash) then
    raise exception 'Rental request not found' using errcode = 'PT404', hint = 'no-request';
  end if;
  perform private.lead_move(p_lead_id, 'extend');
  select * into booking from public.bookings b where b.lead_id = p_lead_id;
  if booking.off_rent_at is not null then
    raise exception 'The rental was called off' using errcode = 'P0001', hint = 'called-off';
  end if;
  if p_new_end is null or p_new_end <= booking.end_date or p_new_end < current_date then
    raise exception 'Choose a day after the rental''s last day' using errcode = 'P0001', hint = 'extension-dates';
  end if;
  if p_new_end - booking.end_date > 28 then
    raise exception 'An extension adds at most 28 days' using errcode = 'P0001', hint = 'extension-too-long';
  end if;
  if exists (select 1 from public.rental_extensions x where x.lead_id = p_lead_id and x.status = 'asked') then
    raise exception 'An extension is already waiting for the vendor' using errcode = 'P0001', hint = 'extension-open';
  end if;
  insert into public.rental_extensions (lead_id, new_end, added_days, price_cents)
  values (p_lead_id, p_new_end, p_new_end - booking.end_date, private.rental_price(booking.quote_id, p_new_end - booking.end_date))
  returning * into asked;
  insert into public.outbox_messages (lead_id, vendor_id, channel, kind, recipient, payload, quote_id, event_id)
  select p_lead_id, v.id, 'email', 'extension_asked', v.email, jsonb_build_object('quote_id', booking.quote_id, 'extension_id', asked.id),
         booking.quote_id, asked.id
  from public.vendors v where v.id = booking.vendor_id and v.email is not null;
  return private.rental_of(p_lead_id);
end;
$$;

revoke execute on function public.renter_extend(bigint,text,text,date) from public, anon, authenticated;
grant execute on function public.renter_extend(bigint,text,text,date) to service_role;

-- supabase/functions/renter_rental_check.sql
-- Before a renter's step that carries photos: refuses, as the step itself would, anyone but the
-- request's renter (proven as renter_owns_lead proves it) and a step its life does not allow now.
create or replace function public.renter_rental_check(p_lead_id bigint, p_owner_token text, p_link_hash text, p_action text)
returns boolean language plpgsql security definer set search_path = '' as $$
begin
  if not private.renter_owns_lead(p_lead_id, p_owner_token, p_link_hash) or p_action is distinct from 'report_problem' then
    raise exception 'Rental request not found' using errcode = 'PT404', hint = 'no-request';
  end if;
  perform private.lead_check(p_lead_id, p_action);
  return true;
end;
$$;

revoke execute on function public.renter_rental_check(bigint,text,text,text) from public, anon, authenticated;
grant execute on function public.renter_rental_check(bigint,text,text,text) to service_role;

-- supabase/functions/renter_report_problem.sql
-- The renter reports a problem with the delivery (proven as renter_owns_lead proves it), once: the
-- machine did not arrive (before delivery too, once the window has passed; never after confirming it
-- arrived), is the wrong machine, or is damaged, with a note and, but for a machine that did not
-- arrive, 1 to 8 photos. The vendor is told.
create or replace function public.renter_report_problem(p_lead_id bigint, p_owner_token text, p_link_hash text, p_problem text,
  p_note text, p_photos text[])
returns jsonb language plpgsql security definer set search_path = '' as $$
declare
  booking public.bookings;
  note constant text := trim(coalesce(p_note, ''));
begin
  if not private.renter_owns_lead(p_lead_id, p_owner_token, p_link_hash) then
    raise exception 'Rental request not found' using errcode = 'PT404', hint = 'no-request';
  end if;
  perform private.lead_move(p_lead_id, 'report_problem');
  select * into booking from public.bookings b where b.lead_id = p_lead_id;
  if booking.problem is not null then
    raise exception 'You already reported a problem' using errcode = 'P0001', hint = 'problem-reported';
  end if;
  if p_problem is null or p_problem not in ('not_arrived', 'wrong_machine', 'damaged') then
    raise exception 'Choose what is wrong' using errcode = 'P0001', hint = 'problem-invalid';
  end if;
  -- Before delivery only a machine that did not come can be reported, once its window has passed.
  if booking.delivered_at is null and p_problem <> 'not_arrived' then
    raise exception 'The machine is not marked delivered yet' using errcode = 'P0001', hint = 'not-delivered';
  end if;
  if booking.delivered_at is null and now() < booking.window_end then
    raise exception 'The delivery window has not passed yet' using errcode = 'P0001', hint = 'window-open';
  end if;
  if booking.arrived_at is not null and p_problem = 'not_arrived' then
    raise exception 'You confirmed the machine arrived' using errcode = 'P0001', hint = 'already-arrived';
  end if;
  if length(note) = 0 then
    raise exception 'Please say what is wrong' using errcode = 'P0001', hint = 'problem-note';
  end if;
  if length(note) > 500 then
    raise exception 'A field is too long' using errcode = 'P0001', hint = 'too-long';
  end if;
  perform private.add_rental_photos(p_lead_id, 'problem', p_photos, case when p_problem = 'not_arrived' then 0 else 1 end);
  update public.bookings b set problem = p_problem, problem_note = note, problem_at = now() where b.lead_id = p_lead_id;
  insert into public.outbox_messages (lead_id, vendor_id, channel, kind, recipient, payload, quote_id)
  select p_lead_id, v.id, 'email', 'problem_reported', v.email, jsonb_build_object('quote_id', booking.quote_id), booking.quote_id
  from public.vendors v where v.id = booking.vendor_id and v.email is not null;
  return private.rental_of(p_lead_id);
end;
$$;

revoke execute on function public.renter_report_problem(bigint,text,text,text,text,text[]) from public, anon, authenticated;
grant execute on function public.renter_report_problem(bigint,text,text,text,text,text[]) to service_role;
