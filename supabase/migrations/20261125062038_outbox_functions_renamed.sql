-- Written by npm run db:migration from supabase/functions/ (edit those files, not this one).

-- supabase/functions/business_claim_start.sql
-- A claim of a listing. When nobody owns it yet and the address is the listing's email on
-- file, or its domain is the listing website's host (without "www."), an email with a
-- claim link is queued in the outbox (its link is made when it is sent) and 'link'
-- returned. Otherwise the claim waits for the operator ('queued'). The visitor is told
-- the same either way, at the same speed.
create or replace function public.business_claim_start(p_vendor_id bigint, p_email text, p_name text, p_phone text, p_note text,
  p_client_key text)
returns text language plpgsql security definer set search_path = '' as $$
declare
  v public.vendors;
  v_email text := lower(trim(coalesce(p_email, '')));
begin
  select * into v from public.vendors x where x.id = p_vendor_id and not x.hidden;
  if v.id is null then
    raise exception 'No such listing' using errcode = 'PT404', hint = 'no-listing';
  end if;
  if not public.is_email_address(v_email) then
    raise exception 'Please enter a valid email address' using errcode = 'P0001', hint = 'email';
  end if;
  if length(trim(coalesce(p_name, ''))) not between 2 and 200 then
    raise exception 'Please enter your name' using errcode = 'P0001', hint = 'name';
  end if;
  if length(coalesce(p_phone, '')) > 30 or length(coalesce(p_note, '')) > 2000 then
    raise exception 'A field is too long' using errcode = 'P0001', hint = 'too-long';
  end if;
  perform public.count_write_attempt('claim', p_client_key, interval '1 day', 5,
    'Too many claims from your connection today. Please try again tomorrow.');
  perform public.count_write_attempt('claim_listing', 'listing-' || lpad(v.id::text, 12, '0'), interval '1 day', 10,
    'This listing has had too many claims today. Please try again tomorrow.');
  if v.claimed_at is null and (v_email = v.email or split_part(v_email, '@', 2) = v.website_key) then
    insert into public.outbox_messages (kind, vendor_id, channel, recipient, payload)
    values ('claim_link', v.id, 'email', v_email, jsonb_build_object('listing', v.name));
    return 'link';
  end if;
  insert into public.vendor_claims (vendor_id, email, name, phone, note)
  values (v.id, v_email, trim(p_name), nullif(trim(p_phone), ''), nullif(trim(p_note), ''));
  return 'queued';
end;
$$;

revoke execute on function public.business_claim_start(bigint,text,text,text,text,text) from public, anon, authenticated;
grant execute on function public.business_claim_start(bigint,text,text,text,text,text) to service_role;

-- supabase/functions/business_sign_in_start.sql
-- A sign-in request: when the address manages a listing, a sign-in email is queued in the
-- outbox (its link is made when it is sent); otherwise nothing. The visitor is told the
-- same either way, at the same speed. Limited per client and per address.
create or replace function public.business_sign_in_start(p_email text, p_client_key text)
returns void language plpgsql security definer set search_path = '' as $$
declare
  v_email text := lower(trim(coalesce(p_email, '')));
begin
  if not public.is_email_address(v_email) then
    raise exception 'Please enter a valid email address' using errcode = 'P0001', hint = 'email';
  end if;
  perform public.count_write_attempt('sign_in', p_client_key, interval '1 hour', 10,
    'Too many sign-in requests from your connection. Please try again in an hour.');
  perform public.count_write_attempt('sign_in_email', 'email-' || md5(v_email), interval '1 hour', 5,
    'Too many sign-in requests for this address. Please try again in an hour.');
  delete from public.auth_links a where a.expires_at < now() - interval '1 day';
  -- Link emails are kept a week, for the operator's delivery reports, then forgotten.
  delete from public.outbox_messages m
  where m.kind in ('sign_in', 'claim_link') and m.status in ('sent', 'failed') and m.created_at < now() - interval '7 days';
  if exists (select 1 from public.vendor_managers m where m.email = v_email) then
    insert into public.outbox_messages (kind, channel, recipient) values ('sign_in', 'email', v_email);
  end if;
end;
$$;

revoke execute on function public.business_sign_in_start(text,text) from public, anon, authenticated;
grant execute on function public.business_sign_in_start(text,text) to service_role;

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
        'id', l.id, 'name', l.name, 'phone', l.phone, 'skid_steer_type', l.skid_steer_type,
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
-- Completes the lead, routes it and queues its messages. Returns the recipient count. A
-- request from the page of a vendor that asked to stop receiving requests goes to the
-- vendors near the job site instead. With the renter's email address, a copy of the request
-- is queued for them too: the vendors it went to, with their phones as they were then.
create or replace function public.complete_lead(
  p_lead_id bigint, p_owner_token text, p_skid_steer_type text,
  p_rental_start_date date, p_rental_end_date date, p_name text, p_phone text,
  p_location text, p_widen boolean default false, p_webhook boolean default false, p_renter_email text default null)
returns jsonb language plpgsql security definer set search_path = '' as $$
declare
  v_lead bigint;
  chosen bigint;
  days int;
  recipients int;
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
  update public.leads l set
    step = 3, completed = true, completed_at = now(), updated_at = now(),
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
  if p_renter_email is not null then
    insert into public.outbox_messages (kind, lead_id, channel, recipient, payload)
    select 'renter_copy', v_lead, 'email', lower(trim(p_renter_email)), jsonb_build_object('recipients', coalesce(jsonb_agg(
             jsonb_build_object('name', v.name, 'phone', v.phone) order by r.rank), '[]'::jsonb))
    from public.lead_recipients r join public.vendors v on v.id = r.vendor_id where r.lead_id = v_lead;
  end if;
  return jsonb_build_object('id', v_lead, 'rental_days', days, 'recipients', recipients);
end;
$$;

revoke execute on function public.complete_lead(bigint,text,text,date,date,text,text,text,boolean,boolean,text) from public, anon, authenticated;
grant execute on function public.complete_lead(bigint,text,text,date,date,text,text,text,boolean,boolean,text) to service_role;

-- supabase/functions/lead_recipients_json.sql
-- A lead's recipients as the operator's pages and reports list them: each vendor, why it
-- was chosen, its status of the lead and, once it answered, how many hours after its email.
create or replace function public.lead_recipients_json(p_lead_id bigint)
returns jsonb language sql stable security definer set search_path = '' as $$
  select coalesce(jsonb_agg(jsonb_build_object('vendor_id', r.vendor_id, 'vendor_name', v.name, 'reason', r.reason,
      'rank', r.rank, 'distance_miles', r.distance_miles, 'status', r.status, 'status_reason', r.status_reason,
      'responded_at', r.responded_at,
      'response_hours', (select round((extract(epoch from r.responded_at - m.sent_at) / 3600)::numeric, 1)
                         from public.outbox_messages m
                         where m.lead_id = r.lead_id and m.vendor_id = r.vendor_id and m.channel = 'email' and m.sent_at <= r.responded_at))
    order by r.rank), '[]'::jsonb)
  from public.lead_recipients r join public.vendors v on v.id = r.vendor_id where r.lead_id = p_lead_id;
$$;

revoke execute on function public.lead_recipients_json(bigint) from public, anon, authenticated;

-- supabase/functions/lead_status.sql
-- A renter's own request, for its private status page: proven by the owner token its
-- browser holds, or by the status link emailed with the renter's copy (the hash of its
-- token, while it lasts). A wrong proof answers as an unknown request. Which vendors it
-- went to, and for each whether the email was sent and whether the vendor has answered.
create or replace function public.lead_status(p_lead_id bigint, p_owner_token text, p_link_hash text default null)
returns jsonb language sql stable security definer set search_path = '' as $$
  select jsonb_build_object('id', l.id, 'skid_steer_type', l.skid_steer_type, 'rental_start_date', l.rental_start_date,
    'rental_end_date', l.rental_end_date, 'rental_days', l.rental_days, 'location', l.location, 'completed_at', l.completed_at,
    'withdrawn_at', l.withdrawn_at,
    'recipients', (select coalesce(jsonb_agg(jsonb_build_object(
        'vendor_name', v.name, 'phone', v.phone, 'sent', exists (select 1 from public.outbox_messages m
                                               where m.lead_id = l.id and m.vendor_id = r.vendor_id and m.status = 'sent'),
        'contacted', r.responded_at is not null) order by r.rank), '[]'::jsonb)
      from public.lead_recipients r join public.vendors v on v.id = r.vendor_id where r.lead_id = l.id))
  from public.leads l
  where l.id = p_lead_id and l.completed
    and (l.owner_token_hash = encode(sha256(convert_to(coalesce(p_owner_token, ''), 'UTF8')), 'hex')
         or exists (select 1 from public.auth_links a where a.token_hash = p_link_hash and a.purpose = 'lead_status'
                    and a.lead_id = l.id and a.expires_at > now()));
$$;

revoke execute on function public.lead_status(bigint,text,text) from public, anon, authenticated;
grant execute on function public.lead_status(bigint,text,text) to service_role;

-- supabase/functions/operator_approve_submission.sql
-- Publishes a new submission as a listing (a unique slug from its name and city, the
-- submitted ZIP or else the city's first, the city's ZIPs as service area) and, when the
-- business gave an email address, makes that address the listing's owner and queues the
-- email that tells it the listing is live.
create or replace function public.operator_approve_submission(p_id bigint, p_operator text)
returns jsonb language plpgsql security definer set search_path = '' as $$
declare
  sub public.vendors_submissions;
  v_city public.cities;
  v_state public.states;
  v_postcode bigint;
  v_vendor bigint;
  clash text;
begin
  select * into sub from public.vendors_submissions s where s.id = p_id for update;
  if sub.id is null then
    raise exception 'No such submission' using errcode = 'PT404', hint = 'no-record';
  end if;
  if sub.status <> 'new' then
    raise exception 'This submission is already %', sub.status using errcode = 'PT409', hint = 'reviewed';
  end if;
  select v.name into clash from public.vendors v where v.website_key = sub.website_key limit 1;
  if clash is not null then
    raise exception 'A listing with this website already exists: %', clash using errcode = 'PT409', hint = 'listing-exists';
  end if;
  select st.* into v_state from public.states st where st.slug = sub.state;
  select c.* into v_city from public.cities c where c.state_id = v_state.id and c.slug = sub.city;
  if v_city.id is null then
    raise exception 'The submission''s city is not in the directory' using errcode = 'P0001', hint = 'city-missing';
  end if;
  select p.id into v_postcode from public.postcodes p where p.city_id = v_city.id and p.code = sub.postal_code;
  if v_postcode is null then
    select p.id into v_postcode from public.postcodes p where p.city_id = v_city.id order by p.code limit 1;
  end if;
  insert into public.vendors (name, slug, site, email, phone, full_address, street, postcode_id, listed_at)
  values (sub.name, public.unique_vendor_slug(sub.name || ' ' || v_city.name), sub.site, sub.email, sub.phone,
          sub.street || ', ' || v_city.name || ', ' || v_state.code || ' ' || sub.postal_code, sub.street, v_postcode, now())
  returning id into v_vendor;
  insert into public.vendors_serviced (vendor_id, postcode_id)
  select v_vendor, p.id from public.postcodes p where p.city_id = v_city.id;
  update public.vendors_submissions s set status = 'approved', vendor_id = v_vendor, reviewed_at = now(), reviewed_by = p_operator
  where s.id = p_id;
  perform public.audit(p_operator, 'approve', 'submission ' || p_id, jsonb_build_object('vendor_id', v_vendor, 'name', sub.name));
  if sub.email is not null then
    -- The address that submitted the business owns its listing, and is told it is live.
    insert into public.vendor_managers (vendor_id, email, role, added_by) values (v_vendor, sub.email, 'owner', 'submission');
    update public.vendors v set claimed_at = now() where v.id = v_vendor;
    insert into public.outbox_messages (kind, vendor_id, channel, recipient, payload)
    values ('listing_live', v_vendor, 'email', sub.email, jsonb_build_object('name', sub.name, 'address', public.vendor_address(v_vendor)));
  end if;
  return public.vendor_address(v_vendor);
end;
$$;

revoke execute on function public.operator_approve_submission(bigint,text) from public, anon, authenticated;
grant execute on function public.operator_approve_submission(bigint,text) to service_role;

-- supabase/functions/operator_lead_json.sql
-- A lead as the console shows it: every field but its secrets, its recipients and its delivery state.
create or replace function public.operator_lead_json(l public.leads)
returns jsonb language sql stable security definer set search_path = '' as $$
  select to_jsonb(l) - 'owner_token_hash' - 'client_key' || jsonb_build_object(
    'recipients', public.lead_recipients_json(l.id),
    'delivery', (select case
                   when count(*) = 0 then 'none'
                   when bool_or(m.status = 'failed') then 'failed'
                   when bool_and(m.status = 'sent') then 'sent'
                   else 'pending' end
                 from public.outbox_messages m where m.lead_id = l.id));
$$;

revoke execute on function public.operator_lead_json(public.leads) from public, anon, authenticated;

-- supabase/functions/operator_lead.sql
-- One rental request for the console: every field, its recipients and its messages.
create or replace function public.operator_lead(p_id bigint)
returns jsonb language sql stable security definer set search_path = '' as $$
  select public.operator_lead_json(l) || jsonb_build_object(
    'messages', (select coalesce(jsonb_agg(to_jsonb(m) - 'claim_id' || jsonb_build_object(
                   'vendor_name', (select v.name from public.vendors v where v.id = m.vendor_id),
                   'attempt_log', (select coalesce(jsonb_agg(to_jsonb(a) order by a.id), '[]'::jsonb)
                                   from public.outbox_attempts a where a.message_id = m.id)) order by m.id), '[]'::jsonb)
                 from public.outbox_messages m where m.lead_id = l.id))
  from public.leads l where l.id = p_id and l.completed;
$$;

revoke execute on function public.operator_lead(bigint) from public, anon, authenticated;
grant execute on function public.operator_lead(bigint) to service_role;

-- supabase/functions/operator_lead_filter.sql
-- Completed leads matching the filters (all optional): completed between two dates,
-- the job ZIP's state (slug), a recipient vendor, the job ZIP, the delivery state
-- ('pending', 'sent', 'failed', 'none' for no recipient) and spam ('only', 'include'; left out by default).
create or replace function public.operator_lead_filter(p_filters jsonb)
returns setof bigint language sql stable security definer set search_path = '' as $$
  select l.id from public.leads l
  where l.completed
    and (p_filters->>'from' is null or l.completed_at >= (p_filters->>'from')::date)
    and (p_filters->>'to' is null or l.completed_at < (p_filters->>'to')::date + 1)
    and (p_filters->>'zip' is null or l.location = p_filters->>'zip')
    and (p_filters->>'vendor' is null or exists (
      select 1 from public.lead_recipients r where r.lead_id = l.id and r.vendor_id = (p_filters->>'vendor')::bigint))
    and (p_filters->>'state' is null or exists (
      select 1 from public.postcodes p join public.cities c on c.id = p.city_id join public.states s on s.id = c.state_id
      where p.code = l.location and s.slug = p_filters->>'state'))
    and (case p_filters->>'delivery'
           when 'none' then not exists (select 1 from public.lead_recipients r where r.lead_id = l.id)
           when 'failed' then exists (select 1 from public.outbox_messages m where m.lead_id = l.id and m.status = 'failed')
           when 'pending' then exists (select 1 from public.outbox_messages m where m.lead_id = l.id and m.status in ('pending', 'sending'))
           when 'sent' then exists (select 1 from public.outbox_messages m where m.lead_id = l.id)
                            and not exists (select 1 from public.outbox_messages m where m.lead_id = l.id and m.status <> 'sent')
           else true end)
    and (case p_filters->>'spam' when 'only' then l.spam when 'include' then true else not l.spam end);
$$;

revoke execute on function public.operator_lead_filter(jsonb) from public, anon, authenticated;

-- supabase/functions/operator_leads.sql
-- The operator's JSON report of leads (spam left out), with their recipients and messages.
create or replace function public.operator_leads(p_limit int default 100)
returns table (id bigint, vendor_id bigint, vendor_name text, step smallint, location text,
               name text, phone text, skid_steer_type text, rental_days int,
               rental_start_date date, rental_end_date date, completed boolean, widen boolean,
               created_at timestamptz, completed_at timestamptz, recipients jsonb, messages jsonb)
language sql stable security definer set search_path = '' as $$
  select l.id, l.vendor_id, l.vendor_name, l.step, l.location, l.name, l.phone, l.skid_steer_type,
         l.rental_days, l.rental_start_date, l.rental_end_date, l.completed, l.widen, l.created_at, l.completed_at,
         public.lead_recipients_json(l.id),
         (select coalesce(jsonb_agg(jsonb_build_object('id', m.id, 'vendor_id', m.vendor_id, 'channel', m.channel,
                                                       'status', m.status, 'attempts', m.attempts, 'sent_at', m.sent_at,
                                                       'sent_via', m.sent_via, 'last_error', m.last_error) order by m.id), '[]'::jsonb)
          from public.outbox_messages m where m.lead_id = l.id)
  from public.leads l
  where not l.spam
  order by l.id desc
  limit least(greatest(coalesce(p_limit, 100), 1), 5000);
$$;

revoke execute on function public.operator_leads(integer) from public, anon, authenticated;
grant execute on function public.operator_leads(integer) to service_role;

-- supabase/functions/operator_mark_spam.sql
-- Marks a lead spam, or not: spam leaves reports and counts, and its unsent messages are not sent.
create or replace function public.operator_mark_spam(p_id bigint, p_spam boolean, p_operator text)
returns void language plpgsql security definer set search_path = '' as $$
begin
  update public.leads l set spam = p_spam where l.id = p_id and l.completed;
  if not found then
    raise exception 'No such rental request' using errcode = 'PT404', hint = 'no-record';
  end if;
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
-- Sends every message of the lead again, delivered or not.
create or replace function public.operator_resend_lead(p_id bigint, p_operator text)
returns int language plpgsql security definer set search_path = '' as $$
declare queued int;
begin
  if not exists (select 1 from public.leads l where l.id = p_id and l.completed) then
    raise exception 'No such rental request' using errcode = 'PT404', hint = 'no-record';
  end if;
  if exists (select 1 from public.leads l where l.id = p_id and l.spam) then
    raise exception 'This request is marked as spam' using errcode = 'P0001', hint = 'spam';
  end if;
  update public.outbox_messages m set status = 'pending', attempts = 0, next_attempt_at = now(),
    claim_id = null, claimed_until = null, last_error = null
  where m.lead_id = p_id;
  get diagnostics queued = row_count;
  perform public.audit(p_operator, 'resend', 'lead ' || p_id, jsonb_build_object('messages', queued));
  return queued;
end;
$$;

revoke execute on function public.operator_resend_lead(bigint,text) from public, anon, authenticated;
grant execute on function public.operator_resend_lead(bigint,text) to service_role;

-- supabase/functions/outbox_link.sql
-- The link of an outbox email that carries one, minted as the email is rendered: its
-- token's hash is stored (the outbox keeps no token) for the message's recipient. A
-- sign-in or claim link works once, for 30 minutes; a "your listing is live" email's
-- sign-in link for 7 days. Returns false, storing nothing, when the link would no longer
-- work: the address manages no listing any more, or the listing has been claimed since.
create or replace function public.outbox_link(p_message_id bigint, p_token_hash text)
returns boolean language plpgsql security definer set search_path = '' as $$
declare
  m public.outbox_messages;
begin
  select * into m from public.outbox_messages x where x.id = p_message_id and x.status = 'sending';
  if m.id is null or m.recipient is null then
    return false;
  end if;
  if m.kind = 'claim_link' then
    if not exists (select 1 from public.vendors v where v.id = m.vendor_id and v.claimed_at is null and not v.hidden) then
      return false;
    end if;
    insert into public.auth_links (token_hash, purpose, email, vendor_id, expires_at)
    values (p_token_hash, 'claim', m.recipient, m.vendor_id, now() + interval '30 minutes');
    return true;
  end if;
  if m.kind not in ('sign_in', 'listing_live') or not exists (select 1 from public.vendor_managers v where v.email = m.recipient) then
    return false;
  end if;
  insert into public.auth_links (token_hash, purpose, email, expires_at)
  values (p_token_hash, 'sign_in', m.recipient,
          now() + case m.kind when 'sign_in' then interval '30 minutes' else interval '7 days' end);
  return true;
end;
$$;

revoke execute on function public.outbox_link(bigint,text) from public, anon, authenticated;
grant execute on function public.outbox_link(bigint,text) to service_role;

-- supabase/functions/record_outbox_message.sql
-- Records a claimed message's outcome. Failures retry with doubling backoff from 30 s;
-- after p_max_attempts the message stays failed. A claim that has been taken over
-- records nothing.
create or replace function public.record_outbox_message(p_id bigint, p_claim_id uuid, p_ok boolean, p_sent_via text default null,
                                           p_error text default null, p_max_attempts int default 6)
returns boolean language plpgsql security definer set search_path = '' as $$
declare recorded boolean;
begin
  update public.outbox_messages m set
    status = case when p_ok then 'sent' when m.attempts >= p_max_attempts then 'failed' else 'pending' end,
    sent_at = case when p_ok then now() end,
    sent_via = case when p_ok then left(p_sent_via, 50) end,
    last_error = case when p_ok then null else left(p_error, 500) end,
    next_attempt_at = now() + interval '30 seconds' * power(2, greatest(m.attempts - 1, 0)),
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

revoke execute on function public.record_outbox_message(bigint,uuid,boolean,text,text,integer) from public, anon, authenticated;
grant execute on function public.record_outbox_message(bigint,uuid,boolean,text,text,integer) to service_role;

-- supabase/functions/vendor_response.sql
-- How quickly a vendor answers: over its leads of the last 90 days marked contacted or
-- quoted, the median hours from the email being sent to that first response, rounded up,
-- with how many leads it rests on; null below 3 such leads. Only the aggregate leaves: it
-- reads private tables as its owner, so it lives in the schema the API does not expose and
-- is reached only through vendor_page.
create or replace function private.vendor_response(p_vendor_id bigint)
returns jsonb language sql stable security definer set search_path = '' as $$
  select case when count(*) >= 3 then jsonb_build_object(
      'hours', greatest(ceil(percentile_cont(0.5) within group (order by extract(epoch from r.responded_at - m.sent_at) / 3600)), 1)::int,
      'count', count(*)) end
  from public.lead_recipients r
  join public.outbox_messages m on m.lead_id = r.lead_id and m.vendor_id = r.vendor_id and m.channel = 'email' and m.sent_at is not null
  where r.vendor_id = p_vendor_id and r.responded_at > now() - interval '90 days' and r.responded_at >= m.sent_at;
$$;

revoke execute on function private.vendor_response(bigint) from public;
grant execute on function private.vendor_response(bigint) to anon, authenticated, service_role;

-- supabase/functions/withdraw_lead.sql
-- Withdraws the renter's own request (proven as for lead_status): the vendors' messages not
-- yet sent are cancelled.
create or replace function public.withdraw_lead(p_lead_id bigint, p_owner_token text, p_link_hash text default null)
returns void language plpgsql security definer set search_path = '' as $$
begin
  if public.lead_status(p_lead_id, p_owner_token, p_link_hash) is null then
    raise exception 'Rental request not found' using errcode = 'PT404', hint = 'no-request';
  end if;
  update public.leads l set withdrawn_at = coalesce(l.withdrawn_at, now()), updated_at = now() where l.id = p_lead_id;
  update public.outbox_messages m set status = 'failed', last_error = 'withdrawn by the renter', claim_id = null, claimed_until = null
  where m.lead_id = p_lead_id and m.kind = 'lead' and m.status in ('pending', 'sending');
end;
$$;

revoke execute on function public.withdraw_lead(bigint,text,text) from public, anon, authenticated;
grant execute on function public.withdraw_lead(bigint,text,text) to service_role;
