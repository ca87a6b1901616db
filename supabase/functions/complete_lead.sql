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
