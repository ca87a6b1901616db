-- Written by npm run db:migration from supabase/functions/ (edit those files, not this one).

-- supabase/functions/text_send_at.sql
-- When a text queued at p_at may be sent: at once, unless it is 9 pm to 8 am in the recipient's
-- time zone (p_zone), then at 8 am there; a text about a rental starting within 24 hours (its
-- first day, p_starts, begins in that zone within a day after p_at, and has not begun) is sent at once.
create or replace function private.text_send_at(p_zone text, p_at timestamptz, p_starts date)
returns timestamptz language sql stable set search_path = '' as $$
  select case
    when p_starts is not null and (p_starts::timestamp at time zone p_zone) between p_at and p_at + interval '24 hours' then p_at
    when (p_at at time zone p_zone)::time >= time '21:00'
      then (((p_at at time zone p_zone)::date + 1) + time '08:00') at time zone p_zone
    when (p_at at time zone p_zone)::time < time '08:00'
      then ((p_at at time zone p_zone)::date + time '08:00') at time zone p_zone
    else p_at
  end;
$$;

revoke execute on function private.text_send_at(text,timestamptz,date) from public, anon, authenticated;

-- supabase/functions/hand_on.sql
-- Hands a sent request on from a vendor that stayed silent past its due time or said it is not
-- available (p_why: silent, unavailable) to the next vendor by the same routing (nearest first
-- within the routing radius, never one the request already went to), while the rental has not
-- started, fewer than 3 vendors have answered (contacted or quoted), it was handed on fewer than 3
-- times (the consent sentence says so) and it has reached fewer than 6; each vendor hands it on once.
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
     or (select count(*) from public.lead_recipients r where r.lead_id = l.id and r.reason = 'passed_on') >= 3
     or exists (select 1 from public.lead_recipients r where r.lead_id = l.id and r.handed_from = p_from_vendor)
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
-- a response too, given once, while the request is waiting and the vendor has no open quote: the
-- renter is told, and the request is handed on to the next vendor (private.hand_on). A response
-- ends the wait for the vendor's first one (due_at); lost and not a fit do not. The listing's
-- address is returned.
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
  if p_status = 'unavailable' and (
       exists (select 1 from public.lead_recipients r where r.lead_id = p_lead_id and r.vendor_id = p_vendor_id
               and (r.status in ('quoted', 'won') or r.declined_at is not null))
       or exists (select 1 from public.quotes q where q.lead_id = p_lead_id and q.vendor_id = p_vendor_id and q.status = 'open')) then
    raise exception 'The request was already answered with a quote or as not available' using errcode = 'P0001', hint = 'already-answered';
  end if;
  update public.lead_recipients r set status = p_status, status_reason = nullif(trim(coalesce(p_reason, '')), ''), status_at = now(),
    responded_at = case when p_status in ('contacted', 'quoted', 'unavailable') then coalesce(r.responded_at, now()) else r.responded_at end,
    due_at = case when p_status in ('contacted', 'quoted', 'unavailable') then null else r.due_at end,
    declined_at = case when p_status = 'unavailable' then now() else r.declined_at end
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

-- supabase/functions/lead_recipient_lists.sql
-- Leads' recipients as the operator's pages and reports list them, for many leads at once: for
-- each lead, null when it has none, or each vendor, why it was chosen, its status of the lead and, once it
-- answered, how many hours after its email.
create or replace function public.lead_recipient_lists(p_lead_ids bigint[])
returns table (lead_id bigint, recipients jsonb) language sql stable security definer set search_path = '' as $$
  -- Lead by lead (a lateral read of each one's rows through their index), never a join of every recipient.
  select ids.id, x.list
  from (select distinct u.id from unnest(p_lead_ids) u(id)) ids
  cross join lateral (
    select jsonb_agg(jsonb_build_object('vendor_id', r.vendor_id, 'vendor_name', v.name, 'reason', r.reason,
        'rank', r.rank, 'distance_miles', r.distance_miles, 'status', r.status, 'status_reason', r.status_reason,
        'responded_at', r.responded_at,
        -- From when its email of the request was sent (emailed_at, kept by recipient_emailed_at).
        'response_hours', case when r.emailed_at <= r.responded_at
                            then round((extract(epoch from r.responded_at - r.emailed_at) / 3600)::numeric, 1) end)
      order by r.rank) as list
    from public.lead_recipients r join public.vendors v on v.id = r.vendor_id
    where r.lead_id = ids.id) x;
$$;

revoke execute on function public.lead_recipient_lists(bigint[]) from public, anon, authenticated;
grant execute on function public.lead_recipient_lists(bigint[]) to service_role;

-- supabase/functions/pass_on_silent_requests.sql
-- The response rules' job: each vendor whose first response to a sent request was due (due_at)
-- and did not come is marked silent (passed_at, counted against its response rate), and the
-- request is handed on to the next vendor (private.hand_on), the silent vendor told when it was.
-- A request no longer waiting for vendors (booked, withdrawn, erased) or marked spam only clears
-- its due times: ignoring spam is no silence.
-- Each request is locked before its recipients, as every writer of a request does, and one
-- another instance holds is left to it. Returns how many vendors were passed.
create or replace function public.pass_on_silent_requests(p_limit int default 50)
returns int language plpgsql security definer set search_path = '' as $$
declare
  due record;
  v_state text;
  v_spam boolean;
  silent boolean;
  passed int := 0;
begin
  -- The earliest due, taken vendor by vendor: counting a silence updates the vendor's row (its
  -- response rate), so instances that take vendors' rows in the same order never deadlock.
  for due in
    select x.lead_id, x.vendor_id from (
      select r.lead_id, r.vendor_id from public.lead_recipients r
      where r.due_at <= now()
      order by r.due_at
      limit least(greatest(coalesce(p_limit, 50), 1), 500)) x
    order by x.vendor_id, x.lead_id
  loop
    select l.state, l.spam into v_state, v_spam from public.leads l where l.id = due.lead_id for update skip locked;
    continue when not found;
    update public.lead_recipients r set due_at = null,
      passed_at = case when v_state = 'sent' and not v_spam and r.responded_at is null then now() end
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

-- supabase/functions/text_refused.sql
-- The provider refused to send a text to p_phone with this error code: 21610 (the number replied
-- STOP to the provider) records it as stopped; the codes of a number that cannot receive texts
-- (invalid, not a mobile number, landline, unknown destination) record it as unreachable.
-- Returns whether the number was recorded.
create or replace function public.text_refused(p_phone text, p_code text)
returns boolean language plpgsql security definer set search_path = '' as $$
begin
  if p_phone is null or p_phone !~ '^\+[1-9][0-9]{7,14}$' then
    return false;
  end if;
  if p_code = '21610' then
    perform private.text_number_off(p_phone, 'stopped');
  elsif p_code in ('21211', '21612', '21614', '30005', '30006') then
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
-- A text received (its signature checked by the server), from p_phone (E.164), read as carriers
-- read opt-outs: its letters alone (NFKC-normalized, so full-width letters count; punctuation,
-- digits and spacing dropped). The whole message being STOP or a synonym (STOPALL, UNSUBSCRIBE,
-- CANCEL, END, QUIT, OPT OUT, REVOKE), or its first word STOP, STOPALL or UNSUBSCRIBE, stops every
-- text to the number at once; the whole message START, YES, UNSTOP or OPT IN resumes them (and
-- clears a number recorded as unreachable: it just texted); HELP or INFO asks for help; anything
-- else ("End date is Friday", "Yes I can deliver") is answered as HELP is. Each is recorded once
-- by the provider's id (a replayed callback changes nothing). Returns what it was.
create or replace function public.text_reply(p_phone text, p_body text, p_provider_id text)
returns text language plpgsql security definer set search_path = '' as $$
declare
  words constant text[] := regexp_split_to_array(trim(regexp_replace(
    regexp_replace(upper(normalize(left(coalesce(p_body, ''), 1600), NFKC)), '[^A-Z[:space:]]', '', 'g'), '[[:space:]]+', ' ', 'g')), ' ');
  whole constant text := array_to_string(words, '');
  keyword constant text := case
    when whole in ('STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'OPTOUT', 'REVOKE')
      or words[1] in ('STOP', 'STOPALL', 'UNSUBSCRIBE') then 'stop'
    when whole in ('START', 'YES', 'UNSTOP', 'OPTIN') then 'start'
    when whole in ('HELP', 'INFO') then 'help'
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
    update public.text_numbers n set stopped_at = null, unreachable_at = null, unreachable_code = null, updated_at = now()
    where n.phone = p_phone;
  end if;
  return keyword;
end;
$$;

revoke execute on function public.text_reply(text,text,text) from public, anon, authenticated;
grant execute on function public.text_reply(text,text,text) to service_role;

-- supabase/functions/text_status.sql
-- A text's delivery status callback (its signature checked by the server): the status is kept on
-- the message unless a later one was already reported (callbacks may come out of order; a final
-- status is never replaced); a number the provider says cannot receive texts (p_error_code:
-- invalid, not a mobile number, landline, unknown destination; not a phone switched off, 30003,
-- which passes) is recorded as such, and its queued texts are failed. Returns whether the message
-- was known.
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
    and coalesce((ranks->>x.delivery_status)::int, 0) < (ranks->>p_status)::int
  returning * into m;
  if m.id is null then
    return exists (select 1 from public.outbox_messages x where x.provider_id = p_provider_id);
  end if;
  if p_error_code in ('21211', '21612', '21614', '30005', '30006') and m.recipient is not null then
    perform private.text_number_off(m.recipient, 'unreachable', p_error_code);
  end if;
  return true;
end;
$$;

revoke execute on function public.text_status(text,text,text) from public, anon, authenticated;
grant execute on function public.text_status(text,text,text) to service_role;
