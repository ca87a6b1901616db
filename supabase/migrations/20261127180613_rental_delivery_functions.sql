-- Written by npm run db:migration from supabase/functions/ (edit those files, not this one).

-- supabase/functions/add_rental_photos.sql
-- Records a rental's photos for one record (delivery, problem): at least p_least of them, and at
-- most 8 for the record in all.
create or replace function private.add_rental_photos(p_lead_id bigint, p_record text, p_paths text[], p_least int)
returns void language plpgsql security definer set search_path = '' as $$
declare
  given constant int := coalesce(cardinality(p_paths), 0);
begin
  if given < p_least then
    raise exception 'Add at least % photo', p_least using errcode = 'P0001', hint = 'photos-missing';
  end if;
  if given + (select count(*) from public.rental_photos p where p.lead_id = p_lead_id and p.record = p_record) > 8 then
    raise exception 'At most 8 photos' using errcode = 'P0001', hint = 'photos-too-many';
  end if;
  insert into public.rental_photos (lead_id, record, path) select p_lead_id, p_record, x from unnest(p_paths) x;
end;
$$;

revoke execute on function private.add_rental_photos(bigint,text,text[],int) from public, anon, authenticated;

-- supabase/functions/booked_vendor.sql
-- Refuses anyone but a manager of the request's booked vendor, as an unknown request.
create or replace function private.booked_vendor(p_email text, p_vendor_id bigint, p_lead_id bigint)
returns void language plpgsql stable security definer set search_path = '' as $$
begin
  perform public.business_require_manager(p_email, p_vendor_id);
  if not exists (select 1 from public.bookings b where b.lead_id = p_lead_id and b.vendor_id = p_vendor_id and b.status = 'booked') then
    raise exception 'No such request' using errcode = 'PT404', hint = 'no-request';
  end if;
end;
$$;

revoke execute on function private.booked_vendor(text,bigint,bigint) from public, anon, authenticated;

-- supabase/functions/lead_state.sql
-- A request's state in its life (private.lead_transitions): the stored state, except that a request
-- whose rental has ended before the machine was delivered (sent, booked, confirmed, on its way) is "over".
create or replace function private.lead_state(p_state text, p_rental_end_date date)
returns text language sql stable set search_path = '' as $$
  select case when p_state in ('sent', 'booked', 'confirmed', 'on_the_way') and p_rental_end_date < current_date then 'over' else p_state end;
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
    if p_action in ('confirm_window', 'dispatch', 'deliver', 'arrive', 'report_problem') and state = 'sent' then
      raise exception 'This request has no booking' using errcode = 'P0001', hint = 'no-booking';
    elsif p_action = 'confirm_window' and state in ('confirmed', 'on_the_way', 'on_rent') then
      raise exception 'The delivery window is already confirmed' using errcode = 'P0001', hint = 'window-confirmed';
    elsif p_action in ('dispatch', 'deliver') and state = 'booked' then
      raise exception 'Confirm the delivery window first' using errcode = 'P0001', hint = 'window-unconfirmed';
    elsif p_action = 'dispatch' and state = 'on_the_way' then
      raise exception 'The machine is already on its way' using errcode = 'P0001', hint = 'already-on-the-way';
    elsif p_action in ('dispatch', 'deliver') and state = 'on_rent' then
      raise exception 'The machine is already delivered' using errcode = 'P0001', hint = 'already-delivered';
    elsif p_action in ('arrive', 'report_problem') and state in ('booked', 'confirmed', 'on_the_way') then
      raise exception 'The machine is not marked delivered yet' using errcode = 'P0001', hint = 'not-delivered';
    elsif p_action = 'cancel' and state in ('on_the_way', 'on_rent') then
      raise exception 'The rental has started' using errcode = 'P0001', hint = 'rental-started';
    elsif p_action = 'delete' and state in ('sent', 'booked', 'confirmed', 'on_the_way', 'on_rent') then
      raise exception 'A request can be deleted once its rental has ended, it was withdrawn or its booking cancelled'
        using errcode = 'P0001', hint = 'delete-too-early';
    elsif p_action = 'cancel' and state = 'over' then
      raise exception 'The rental has started' using errcode = 'P0001', hint = 'rental-started';
    elsif p_action = 'cancel' then
      raise exception 'This request has no booking' using errcode = 'P0001', hint = 'no-booking';
    elsif p_action = 'book' and state in ('booked', 'confirmed', 'on_the_way', 'on_rent') then
      raise exception 'This request is already booked' using errcode = 'P0001', hint = 'already-booked';
    elsif state = 'withdrawn' then
      raise exception 'The request was withdrawn' using errcode = 'P0001', hint = 'request-withdrawn';
    elsif state in ('booked', 'confirmed', 'on_the_way', 'on_rent') then
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

-- supabase/functions/lead_time_zone.sql
-- The time zone of a request's job site: its ZIP code's state's (America/Chicago when unknown).
create or replace function private.lead_time_zone(p_lead_id bigint)
returns text language sql stable security definer set search_path = '' as $$
  select coalesce((select s.time_zone from public.leads l join public.states s on s.id = l.state_id where l.id = p_lead_id), 'America/Chicago');
$$;

revoke execute on function private.lead_time_zone(bigint) from public, anon, authenticated;

-- supabase/functions/rental_of.sql
-- A request's booking as the renter, its vendor and the operator see it: every field, the job
-- site's time zone, the window in the job site's local time, and its photos' paths (the pages sign
-- short-lived addresses for them). Null when the request has no booking.
create or replace function private.rental_of(p_lead_id bigint)
returns jsonb language sql stable security definer set search_path = '' as $$
  select to_jsonb(b) || jsonb_build_object(
    'time_zone', z.zone,
    'window_day', to_char(b.window_start at time zone z.zone, 'YYYY-MM-DD'),
    'window_from', to_char(b.window_start at time zone z.zone, 'HH24:MI'),
    'window_to', to_char(b.window_end at time zone z.zone, 'HH24:MI'),
    'photos', coalesce((select jsonb_agg(jsonb_build_object('record', p.record, 'path', p.path) order by p.id)
                        from public.rental_photos p where p.lead_id = b.lead_id), '[]'::jsonb))
  from public.bookings b cross join lateral (select private.lead_time_zone(b.lead_id) as zone) z
  where b.lead_id = p_lead_id;
$$;

revoke execute on function private.rental_of(bigint) from public, anon, authenticated;

-- supabase/functions/tell_renter.sql
-- Queues a message of this kind about the request's booking to the renter, when they gave an email
-- address: once per booked quote.
create or replace function private.tell_renter(p_lead_id bigint, p_kind text)
returns void language sql security definer set search_path = '' as $$
  insert into public.outbox_messages (lead_id, vendor_id, channel, kind, recipient, payload, quote_id)
  select l.id, b.vendor_id, 'email', p_kind, l.renter_email, jsonb_build_object('quote_id', b.quote_id), b.quote_id
  from public.leads l join public.bookings b on b.lead_id = l.id
  where l.id = p_lead_id and l.renter_email is not null
  on conflict do nothing;
$$;

revoke execute on function private.tell_renter(bigint,text) from public, anon, authenticated;

-- supabase/functions/business_confirm_window.sql
-- The booked vendor confirms its delivery window: a day (the rental's first day or the day before)
-- and a window of at most 4 hours, in the job site's local time, before the booking's confirm_by.
-- The renter is told, with the calendar invitation updated (its SEQUENCE raised). Only a manager of
-- the booked vendor may; any other answers as an unknown request.
create or replace function public.business_confirm_window(p_email text, p_vendor_id bigint, p_lead_id bigint, p_day date,
  p_from time, p_to time)
returns jsonb language plpgsql security definer set search_path = '' as $$
declare
  booking public.bookings;
  zone constant text := private.lead_time_zone(p_lead_id);
  starts timestamptz;
  ends timestamptz;
begin
  perform private.booked_vendor(p_email, p_vendor_id, p_lead_id);
  perform private.lead_move(p_lead_id, 'confirm_window');
  select * into booking from public.bookings b where b.lead_id = p_lead_id;
  if p_day is null or p_from is null or p_to is null then
    raise exception 'Give the day and the window' using errcode = 'P0001', hint = 'window-invalid';
  end if;
  starts := (p_day + p_from) at time zone zone;
  ends := (p_day + p_to) at time zone zone;
  if ends <= starts or ends > starts + interval '4 hours' then
    raise exception 'A delivery window is at most 4 hours' using errcode = 'P0001', hint = 'window-too-long';
  end if;
  if starts <= now() then
    raise exception 'The window has passed' using errcode = 'P0001', hint = 'window-past';
  end if;
  if p_day not between booking.start_date - 1 and booking.start_date then
    raise exception 'Deliver on the first day booked or the day before' using errcode = 'P0001', hint = 'window-day';
  end if;
  if now() > booking.confirm_by then
    raise exception 'The time to confirm has run out' using errcode = 'P0001', hint = 'confirm-too-late';
  end if;
  update public.bookings b set window_start = starts, window_end = ends, confirmed_at = now(), sequence = b.sequence + 1
  where b.lead_id = p_lead_id returning * into booking;
  perform private.tell_renter(p_lead_id, 'window_confirmed');
  return private.rental_of(p_lead_id);
end;
$$;

revoke execute on function public.business_confirm_window(text,bigint,bigint,date,time,time) from public, anon, authenticated;
grant execute on function public.business_confirm_window(text,bigint,bigint,date,time,time) to service_role;

-- supabase/functions/business_deliver.sql
-- The booked vendor marks the machine delivered, with the hour meter and the fuel (in eighths of a
-- tank) read then and 1 to 8 walk-around photos (their paths in the photo store); the renter is told.
-- Only a manager of the booked vendor may; any other answers as an unknown request.
create or replace function public.business_deliver(p_email text, p_vendor_id bigint, p_lead_id bigint, p_hours numeric,
  p_fuel int, p_photos text[])
returns jsonb language plpgsql security definer set search_path = '' as $$
begin
  perform private.booked_vendor(p_email, p_vendor_id, p_lead_id);
  perform private.lead_move(p_lead_id, 'deliver');
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
-- The booked vendor marks the machine on its way to the job site, once its window is confirmed; the
-- renter is told. Only a manager of the booked vendor may; any other answers as an unknown request.
create or replace function public.business_dispatch(p_email text, p_vendor_id bigint, p_lead_id bigint)
returns jsonb language plpgsql security definer set search_path = '' as $$
begin
  perform private.booked_vendor(p_email, p_vendor_id, p_lead_id);
  perform private.lead_move(p_lead_id, 'dispatch');
  update public.bookings b set dispatched_at = now() where b.lead_id = p_lead_id;
  perform private.tell_renter(p_lead_id, 'on_the_way');
  return private.rental_of(p_lead_id);
end;
$$;

revoke execute on function public.business_dispatch(text,bigint,bigint) from public, anon, authenticated;
grant execute on function public.business_dispatch(text,bigint,bigint) to service_role;

-- supabase/functions/business_hours_after.sql
-- When p_hours of a vendor's business hours have passed after p_from: its hours are 8 am to 6 pm,
-- Monday to Friday, in its state's local time (public.states.time_zone).
create or replace function private.business_hours_after(p_vendor_id bigint, p_from timestamptz, p_hours int)
returns timestamptz language plpgsql stable security definer set search_path = '' as $$
declare
  zone constant text := coalesce(
    (select s.time_zone from public.vendors v join public.states s on s.id = v.state_id where v.id = p_vendor_id), 'America/Chicago');
  local constant timestamp := p_from at time zone zone;
  remaining interval := make_interval(hours => p_hours);
  day date := (p_from at time zone zone)::date;
  starts timestamp;
  closes timestamp;
begin
  loop
    if extract(isodow from day) <= 5 then
      starts := greatest(day + time '08:00', local);
      closes := day + time '18:00';
      if starts < closes then
        if starts + remaining <= closes then
          return (starts + remaining) at time zone zone;
        end if;
        remaining := remaining - (closes - starts);
      end if;
    end if;
    day := day + 1;
  end loop;
end;
$$;

revoke execute on function private.business_hours_after(bigint,timestamptz,int) from public, anon, authenticated;

-- supabase/functions/business_leads.sql
-- The rental requests every listing the address manages received, in one call: the newest
-- p_limit of them (50 by default, at most 1,000, the API's page), newest first, each with
-- its listing, every field, the business's own status of it, its latest quote and the request's
-- booking; whether older ones exist; and each listing's win rate over 90 days. Each listing's requests are read newest first from its own index, so a
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
        'quoted', (select count(distinct q.lead_id) from public.quotes q where q.vendor_id = m.vendor_id and q.created_at > now() - interval '90 days'),
        'booked', (select count(*) from public.bookings b join public.quotes q on q.id = b.quote_id
                   where b.vendor_id = m.vendor_id and b.status = 'booked' and q.created_at > now() - interval '90 days'
                     -- A booking follows its quote: this bound reads only the last 90 days' bookings.
                     and b.booked_at > now() - interval '90 days')))
      from managed m), '[]'::jsonb));
$$;

revoke execute on function public.business_leads(text,integer) from public, anon, authenticated;
grant execute on function public.business_leads(text,integer) to service_role;

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
-- Constraint trigger, checked at commit: a request is booked (booked, confirmed, on its way or on rent)
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
  if (l.state in ('booked', 'confirmed', 'on_the_way', 'on_rent') and not live)
     or (live and l.state not in ('booked', 'confirmed', 'on_the_way', 'on_rent', 'erased')) then
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
      and (t.from_state = old.state or (t.from_state = 'over' and old.state in ('sent', 'booked', 'confirmed', 'on_the_way')))) then
    raise exception 'A request cannot go from % to %', old.state, new.state using errcode = 'P0001', hint = 'request-state';
  end if;
  return new;
end;
$$;

revoke execute on function private.lead_state_guard() from public, anon, authenticated;

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

-- supabase/functions/operator_lead.sql
-- One rental request for the console: every field, its recipients, its quotes, its booking, the
-- renter's consent record and its messages.
create or replace function public.operator_lead(p_id bigint)
returns jsonb language sql stable security definer set search_path = '' as $$
  select public.operator_lead_list(array[l.id])->0 || jsonb_build_object(
    'quotes', (select coalesce(jsonb_agg(to_jsonb(q) || jsonb_build_object('vendor_name', v.name) order by q.vendor_id, q.revision), '[]'::jsonb)
               from public.quotes q join public.vendors v on v.id = q.vendor_id where q.lead_id = l.id),
    'booking', private.rental_of(l.id),
    'consent', (select to_jsonb(c) from public.lead_consents c where c.lead_id = l.id),
    'messages', (select coalesce(jsonb_agg(to_jsonb(m) - 'claim_id' || jsonb_build_object(
                   'vendor_name', (select v.name from public.vendors v where v.id = m.vendor_id),
                   'attempt_log', (select coalesce(jsonb_agg(to_jsonb(a) order by a.id), '[]'::jsonb)
                                   from public.outbox_attempts a where a.message_id = m.id)) order by m.id), '[]'::jsonb)
                 from public.outbox_messages m where m.lead_id = l.id))
  from public.leads l where l.id = p_id and l.completed;
$$;

revoke execute on function public.operator_lead(bigint) from public, anon, authenticated;
grant execute on function public.operator_lead(bigint) to service_role;

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
        and l.state = any (array[''booked'', ''confirmed'', ''on_the_way'', ''on_rent''])'
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
      when 'booked' then 'exists (select 1 from public.leads b where b.id = k.id and b.state = any (array[''booked'', ''confirmed'', ''on_the_way'', ''on_rent'']))'
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

-- supabase/functions/outbox_quote.sql
-- A quote as its emails show it: the quote, its vendor's name, phone and address, and the
-- request's booking of it as private.rental_of shows it (for a cancellation, its reason). Null for an unknown quote.
create or replace function public.outbox_quote(p_quote_id bigint)
returns jsonb language sql stable security definer set search_path = '' as $$
  select to_jsonb(q) || jsonb_build_object(
    'vendor', jsonb_build_object('name', v.name, 'phone', v.phone, 'address', v.full_address),
    'booking', (select private.rental_of(b.lead_id) from public.bookings b where b.lead_id = q.lead_id and b.quote_id = q.id))
  from public.quotes q join public.vendors v on v.id = q.vendor_id
  where q.id = p_quote_id;
$$;

revoke execute on function public.outbox_quote(bigint) from public, anon, authenticated;
grant execute on function public.outbox_quote(bigint) to service_role;

-- supabase/functions/photo_deletions_claim.sql
-- Claims up to p_batch photo files queued for deletion (private.photo_deletions) for five minutes
-- and returns their paths; the caller deletes them from the store and then their rows
-- (photo_deletions_done). Rows another instance holds are skipped; a claim that lapses (its
-- instance stopped) is taken again.
create or replace function public.photo_deletions_claim(p_batch int default 100)
returns text[] language sql security definer set search_path = '' as $$
  with taken as (
    select d.path from private.photo_deletions d
    where d.claimed_until is null or d.claimed_until < now()
    order by d.queued_at
    limit least(greatest(coalesce(p_batch, 100), 1), 1000) for update skip locked),
  claimed as (
    update private.photo_deletions d set claimed_until = now() + interval '5 minutes'
    from taken t where d.path = t.path returning d.path)
  select coalesce(array_agg(c.path), '{}') from claimed c;
$$;

revoke execute on function public.photo_deletions_claim(int) from public, anon, authenticated;
grant execute on function public.photo_deletions_claim(int) to service_role;

-- supabase/functions/photo_deletions_done.sql
-- Takes photo files the store has deleted off the deletion queue; returns how many.
create or replace function public.photo_deletions_done(p_paths text[])
returns int language sql security definer set search_path = '' as $$
  with gone as (delete from private.photo_deletions d where d.path = any (p_paths) returning 1)
  select count(*)::int from gone;
$$;

revoke execute on function public.photo_deletions_done(text[]) from public, anon, authenticated;
grant execute on function public.photo_deletions_done(text[]) to service_role;

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
  return to_jsonb(booking);
end;
$$;

revoke execute on function public.renter_book_quote(bigint,text,text,bigint,text,text,text,text,text) from public, anon, authenticated;
grant execute on function public.renter_book_quote(bigint,text,text,bigint,text,text,text,text,text) to service_role;

-- supabase/functions/renter_confirm_arrival.sql
-- The renter confirms the machine arrived (proven as renter_owns_lead proves it), once, unless they
-- reported a problem with the delivery.
create or replace function public.renter_confirm_arrival(p_lead_id bigint, p_owner_token text, p_link_hash text)
returns jsonb language plpgsql security definer set search_path = '' as $$
declare
  booking public.bookings;
begin
  if not private.renter_owns_lead(p_lead_id, p_owner_token, p_link_hash) then
    raise exception 'Rental request not found' using errcode = 'PT404', hint = 'no-request';
  end if;
  perform private.lead_move(p_lead_id, 'arrive');
  select * into booking from public.bookings b where b.lead_id = p_lead_id;
  if booking.arrived_at is not null then
    raise exception 'You already confirmed it arrived' using errcode = 'P0001', hint = 'already-arrived';
  end if;
  if booking.problem is not null then
    raise exception 'You reported a problem with this delivery' using errcode = 'P0001', hint = 'problem-reported';
  end if;
  update public.bookings b set arrived_at = now() where b.lead_id = p_lead_id;
  return private.rental_of(p_lead_id);
end;
$$;

revoke execute on function public.renter_confirm_arrival(bigint,text,text) from public, anon, authenticated;
grant execute on function public.renter_confirm_arrival(bigint,text,text) to service_role;

-- supabase/functions/renter_report_problem.sql
-- The renter reports a problem with the delivery (proven as renter_owns_lead proves it), once: the
-- machine did not arrive, is the wrong machine, or is damaged, with a note and, but for a machine
-- that did not arrive, 1 to 8 photos. The vendor is told.
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
