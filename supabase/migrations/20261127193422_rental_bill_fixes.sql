-- Written by npm run db:migration from supabase/functions/ (edit those files, not this one).

-- supabase/functions/rental_price.sql
-- What renting the quote's machine for p_days costs by the quote's own periods, as the estimate
-- prices a rate card (lib/prices/estimate.ts): its rental lines read as periods by their labels
-- ("Day" or "Daily" 1 day, "Week" or "Weekly" 7, "4 weeks", "Month" or "Monthly" 28, "5 days",
-- "2 weeks": that many), the cheapest combination covering the days. A line that names no period,
-- names a part of one (half a day, a weekend) or a surcharge, discount or fee, or costs nothing, is
-- no period. A quote with no period is prorated: its rental lines' sum over the days it quoted.
-- In cents, before tax.
create or replace function private.rental_price(p_quote_id bigint, p_days int)
returns bigint language plpgsql stable security definer set search_path = '' as $$
declare
  periods jsonb;
  best bigint[] := array[0::bigint];
  n int;
  candidate bigint;
  period jsonb;
  quoted int;
  rental bigint;
begin
  if p_days <= 0 then
    return 0;
  end if;
  select coalesce(jsonb_agg(jsonb_build_object('days', x.days, 'cents', x.cents)), '[]'::jsonb) into periods
  from (
    select case
             when y.label ~ '(half|weekend|surcharge|discount|fee|deposit)' then null
             when y.label ~ '\d+\s*-?\s*days?\M' then substring(y.label from '(\d+)\s*-?\s*days?\M')::int
             when y.label ~ '\d+\s*-?\s*weeks?\M' then 7 * substring(y.label from '(\d+)\s*-?\s*weeks?\M')::int
             when y.label ~ '\d+\s*-?\s*months?\M' then 28 * substring(y.label from '(\d+)\s*-?\s*months?\M')::int
             when y.label ~ 'four\s*-?\s*weeks?\M' or y.label ~ '\mmonth(ly|s)?\M' then 28
             when y.label ~ '\mweek(ly|s)?\M' then 7
             when y.label ~ '\m(day|daily|days)\M' then 1
           end as days,
           y.cents
    from (select lower(l->>'label') as label, (l->>'unit_cents')::bigint as cents
          from public.quotes q cross join jsonb_array_elements(q.lines) l
          where q.id = p_quote_id and l->>'kind' = 'rental') y
    where y.cents > 0) x
  where x.days between 1 and 366;
  if jsonb_array_length(periods) = 0 then
    select coalesce(sum((l->>'amount_cents')::bigint), 0),
           max(coalesce(q.alternate_end - q.alternate_start, d.rental_end_date - d.rental_start_date) + 1)
    into rental, quoted
    from public.quotes q join public.leads d on d.id = q.lead_id cross join jsonb_array_elements(q.lines) l
    where q.id = p_quote_id and l->>'kind' = 'rental';
    return round(rental::numeric * p_days / greatest(coalesce(quoted, 1), 1));
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
-- every line in the quote's terms: the quote's lines; each accepted extension (or, when the rental
-- was called off, one rental line in place of both: the rent up to the off-rent day by the quote's
-- periods, never more than the quote's rental lines and the extensions were); the meter hours over
-- the included hours (the quote's, grown with the days extensions added) at its over-hour rate;
-- then the tax (private.bill_retotal).
create or replace function private.build_bill(p_lead_id bigint)
returns void language plpgsql security definer set search_path = '' as $$
declare
  booking public.bookings;
  q public.quotes;
  used_days int;
  rental_total bigint;
  quoted_days int;
  included numeric;
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
    select coalesce(sum((l->>'amount_cents')::bigint), 0)
           + coalesce((select sum(x.price_cents) from public.rental_extensions x where x.lead_id = p_lead_id and x.status = 'accepted'), 0)
    into rental_total
    from jsonb_array_elements(q.lines) l where l->>'kind' = 'rental';
    insert into public.bill_lines (lead_id, position, kind, label, amount_cents, in_quote)
    values (p_lead_id, 0, 'rental', format('Rental, %s day%s (called off, %s)', used_days, case when used_days = 1 then '' else 's' end,
                                          booking.call_off_number),
            least(rental_total, private.rental_price(q.id, used_days)), true);
  end if;
  insert into public.bill_lines (lead_id, position, kind, label, amount_cents, in_quote)
  select p_lead_id, 100 + row_number() over (order by x.asked_at), 'extension',
         format('Extension to %s, %s day%s', x.new_end, x.added_days, case when x.added_days = 1 then '' else 's' end), x.price_cents, true
  from public.rental_extensions x where x.lead_id = p_lead_id and x.status = 'accepted' and booking.off_rent_at is null;
  select coalesce(q.alternate_end - q.alternate_start, l.rental_end_date - l.rental_start_date) + 1 into quoted_days
  from public.leads l where l.id = p_lead_id;
  included := round(q.included_hours * greatest(1, (booking.end_date - booking.start_date + 1)::numeric / greatest(quoted_days, 1)), 1);
  over := booking.pickup_hours - booking.delivery_hours - included;
  if over > 0 and q.over_hour_cents is not null then
    insert into public.bill_lines (lead_id, position, kind, label, amount_cents, in_quote)
    values (p_lead_id, 200, 'over_hours', format('%s meter hours over the %s included', trim_scale(over), trim_scale(included)),
            round(over * q.over_hour_cents), true);
  end if;
  perform private.bill_retotal(p_lead_id);
end;
$$;

revoke execute on function private.build_bill(bigint) from public, anon, authenticated;

-- supabase/functions/business_add_bill_line.sql
-- The booked vendor adds a line to a picked-up rental's bill before sending it: fuel, damage,
-- cleaning or other, with an amount, a reason and 1 to 8 photos. Its amount is the vendor's, not the
-- quote's: it is marked "not in your quote" (in_quote false) for the renter to accept or dispute. At
-- most 20 lines a bill.
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
  if p_kind is null or p_kind not in ('fuel', 'damage', 'cleaning', 'other') or length(line_label) not between 1 and 120
     or line_label ~ '[\r\n\u202a-\u202e\u2066-\u2069]' then
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
          false, why)
  returning * into added;
  insert into public.rental_photos (lead_id, record, path, bill_line_id) select p_lead_id, 'bill', x, added.id from unnest(p_photos) x;
  perform private.bill_retotal(p_lead_id);
  return private.rental_of(p_lead_id);
end;
$$;

revoke execute on function public.business_add_bill_line(text,bigint,bigint,text,text,bigint,text,text[]) from public, anon, authenticated;
grant execute on function public.business_add_bill_line(text,bigint,bigint,text,text,bigint,text,text[]) to service_role;

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
  update public.rental_extensions x set status = 'declined', answered_at = now() where x.lead_id = p_lead_id and x.status = 'asked';
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
-- number and days, and the rental as private.rental_of shows it (after erasure too: the bill then
-- names nobody). Anyone else's answers as unknown.
create or replace function public.business_rental(p_email text, p_vendor_id bigint, p_lead_id bigint)
returns jsonb language plpgsql stable security definer set search_path = '' as $$
begin
  if not exists (select 1 from public.vendor_managers m where m.vendor_id = p_vendor_id and m.email = lower(trim(coalesce(p_email, ''))))
     or not exists (select 1 from public.bookings b where b.lead_id = p_lead_id and b.vendor_id = p_vendor_id) then
    return null;
  end if;
  return (select jsonb_build_object('id', l.id, 'vendor_name', v.name, 'rental', private.rental_of(l.id))
          from public.leads l cross join public.vendors v where l.id = p_lead_id and v.id = p_vendor_id);
end;
$$;

revoke execute on function public.business_rental(text,bigint,bigint) from public, anon, authenticated;
grant execute on function public.business_rental(text,bigint,bigint) to service_role;

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
  delete from public.auth_links a where a.lead_id = any (p_ids) and a.purpose = 'lead_status';
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
  if why ~ '[\u202a-\u202e\u2066-\u2069]' then
    raise exception 'The reason holds a character that cannot be typed' using errcode = 'P0001', hint = 'dispute-reason';
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

-- supabase/functions/renter_extend.sql
-- The renter asks to extend a rental on rent (proven as renter_owns_lead proves it) to a new last
-- day, at most 28 days past the quoted one in all; priced by the quote's own periods (private.rental_price).
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
  if p_new_end - (select coalesce(q.alternate_end, l.rental_end_date) from public.quotes q join public.leads l on l.id = q.lead_id
                   where q.id = booking.quote_id) > 28 then
    raise exception 'Extensions add at most 28 days' using errcode = 'P0001', hint = 'extension-too-long';
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
