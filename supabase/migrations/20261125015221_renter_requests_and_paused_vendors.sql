-- Written by npm run db:migration from supabase/functions/ (edit those files, not this one).

-- supabase/functions/business_link_use.sql
-- Uses an emailed link. A wrong, used, expired or other-purpose token is refused alike.
-- "Stop sending me requests" works any number of times while it lasts and pauses the
-- vendor's leads; every other link works once. A sign-in link returns its email. "I've
-- contacted this customer" marks the lead contacted (its first response). A claim link
-- makes its email the listing's owner when nobody owns it yet; the listing's row is
-- locked, so of two claims at once exactly one wins, and a claim after that goes to the
-- operator. Returns {email, vendor_id, lead_id, outcome: 'signed_in' | 'contacted' |
-- 'opted_out' | 'owner' | 'queued'}, and the listing's address when its page changes.
create or replace function public.business_link_use(p_token_hash text, p_purpose text)
returns jsonb language plpgsql security definer set search_path = '' as $$
declare
  link public.auth_links;
  v public.vendors;
begin
  update public.auth_links a set used_at = coalesce(a.used_at, now())
  where a.token_hash = p_token_hash and a.purpose = p_purpose and (a.used_at is null or a.purpose = 'opt_out') and a.expires_at > now()
  returning * into link;
  if link.token_hash is null then
    raise exception 'This link is invalid or has expired.' using errcode = 'PT404';
  end if;
  if link.purpose = 'sign_in' then
    return jsonb_build_object('email', link.email, 'outcome', 'signed_in');
  end if;
  if link.purpose = 'opt_out' then
    update public.vendors x set leads_paused_at = coalesce(x.leads_paused_at, now()), updated_at = now() where x.id = link.vendor_id;
    perform public.audit('business ' || link.email, 'pause_leads', 'vendor ' || link.vendor_id, jsonb_build_object('by', 'emailed link'));
    return jsonb_build_object('email', link.email, 'vendor_id', link.vendor_id, 'outcome', 'opted_out',
      'address', public.vendor_address(link.vendor_id));
  end if;
  if link.purpose = 'lead_contacted' then
    update public.lead_recipients r set status = coalesce(r.status, 'contacted'), status_at = coalesce(r.status_at, now()),
      responded_at = coalesce(r.responded_at, now())
    where r.lead_id = link.lead_id and r.vendor_id = link.vendor_id;
    return jsonb_build_object('email', link.email, 'vendor_id', link.vendor_id, 'lead_id', link.lead_id, 'outcome', 'contacted',
      'address', public.vendor_address(link.vendor_id));
  end if;
  select * into v from public.vendors x where x.id = link.vendor_id for update;
  if v.claimed_at is not null or exists (select 1 from public.vendor_managers m where m.vendor_id = v.id and m.role = 'owner') then
    insert into public.vendor_claims (vendor_id, email, name, note)
    values (v.id, link.email, link.email, 'Confirmed by the emailed link after the listing was claimed');
    return jsonb_build_object('email', link.email, 'vendor_id', v.id, 'outcome', 'queued');
  end if;
  insert into public.vendor_managers (vendor_id, email, role, added_by) values (v.id, link.email, 'owner', 'claim link');
  update public.vendors x set claimed_at = now(), updated_at = now() where x.id = v.id;
  perform public.audit('business ' || link.email, 'claim', 'vendor ' || v.id, jsonb_build_object('by', 'emailed link'));
  return jsonb_build_object('email', link.email, 'vendor_id', v.id, 'outcome', 'owner');
end;
$$;

revoke execute on function public.business_link_use(text, text) from public, anon, authenticated;
grant execute on function public.business_link_use(text, text) to service_role;

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
    raise exception 'Skid steer type must be wheeled or tracked' using errcode = 'P0001';
  end if;
  if length(trim(coalesce(p_name, ''))) < 2 then
    raise exception 'Name must be at least 2 characters' using errcode = 'P0001';
  end if;
  if length(p_name) > 100 then
    raise exception 'Name is too long' using errcode = 'P0001';
  end if;
  if length(trim(coalesce(p_phone, ''))) < 10 or length(p_phone) > 30 then
    raise exception 'Please enter a valid phone number' using errcode = 'P0001';
  end if;
  if p_rental_start_date is null or p_rental_end_date is null then
    raise exception 'Both rental dates are required' using errcode = 'P0001';
  end if;
  perform public.check_rental_dates(p_rental_start_date, p_rental_end_date);
  perform public.check_job_zip(p_location);
  if p_renter_email is not null and (length(p_renter_email) > 254 or not public.is_email_address(lower(trim(p_renter_email)))) then
    raise exception 'Please enter a valid email address' using errcode = 'P0001';
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
  insert into public.lead_messages (lead_id, vendor_id, channel)
  select v_lead, r.vendor_id, 'email' from public.lead_recipients r where r.lead_id = v_lead;
  if p_webhook then
    insert into public.lead_messages (lead_id, channel) values (v_lead, 'webhook');
  end if;
  select count(*) into recipients from public.lead_recipients r where r.lead_id = v_lead;
  if p_renter_email is not null then
    insert into public.lead_messages (kind, lead_id, channel, recipient, payload)
    select 'renter_copy', v_lead, 'email', lower(trim(p_renter_email)), jsonb_build_object('recipients', coalesce(jsonb_agg(
             jsonb_build_object('name', v.name, 'phone', v.phone) order by r.rank), '[]'::jsonb))
    from public.lead_recipients r join public.vendors v on v.id = r.vendor_id where r.lead_id = v_lead;
  end if;
  return jsonb_build_object('id', v_lead, 'rental_days', days, 'recipients', recipients);
end;
$$;


revoke execute on function public.complete_lead(bigint, text, text, date, date, text, text, text, boolean, boolean, text) from public, anon, authenticated;
grant execute on function public.complete_lead(bigint, text, text, date, date, text, text, text, boolean, boolean, text) to service_role;

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
        'vendor_name', v.name, 'phone', v.phone, 'sent', exists (select 1 from public.lead_messages m
                                               where m.lead_id = l.id and m.vendor_id = r.vendor_id and m.status = 'sent'),
        'contacted', r.responded_at is not null) order by r.rank), '[]'::jsonb)
      from public.lead_recipients r join public.vendors v on v.id = r.vendor_id where r.lead_id = l.id))
  from public.leads l
  where l.id = p_lead_id and l.completed
    and (l.owner_token_hash = encode(sha256(convert_to(coalesce(p_owner_token, ''), 'UTF8')), 'hex')
         or exists (select 1 from public.auth_links a where a.token_hash = p_link_hash and a.purpose = 'lead_status'
                    and a.lead_id = l.id and a.expires_at > now()));
$$;

-- Withdraws the renter's own request (proven as for lead_status): the vendors' messages not
-- yet sent are cancelled.
create or replace function public.withdraw_lead(p_lead_id bigint, p_owner_token text, p_link_hash text default null)
returns void language plpgsql security definer set search_path = '' as $$
begin
  if public.lead_status(p_lead_id, p_owner_token, p_link_hash) is null then
    raise exception 'Rental request not found' using errcode = 'PT404';
  end if;
  update public.leads l set withdrawn_at = coalesce(l.withdrawn_at, now()), updated_at = now() where l.id = p_lead_id;
  update public.lead_messages m set status = 'failed', last_error = 'withdrawn by the renter', claim_id = null, claimed_until = null
  where m.lead_id = p_lead_id and m.kind = 'lead' and m.status in ('pending', 'sending');
end;
$$;

-- The requests this browser sent (its owner token), newest first, at most 50: each with how
-- many vendors received it and how many have contacted the renter.
create or replace function public.renter_requests(p_owner_token text)
returns jsonb language sql stable security definer set search_path = '' as $$
  select coalesce(jsonb_agg(jsonb_build_object('id', l.id, 'skid_steer_type', l.skid_steer_type,
      'rental_start_date', l.rental_start_date, 'rental_end_date', l.rental_end_date, 'location', l.location,
      'completed_at', l.completed_at, 'withdrawn_at', l.withdrawn_at,
      'recipients', (select count(*) from public.lead_recipients r where r.lead_id = l.id),
      'contacted', (select count(*) from public.lead_recipients r where r.lead_id = l.id and r.responded_at is not null))
    order by l.completed_at desc, l.id desc), '[]'::jsonb)
  from (select * from public.leads x
        where p_owner_token is not null and x.completed
          and x.owner_token_hash = encode(sha256(convert_to(p_owner_token, 'UTF8')), 'hex')
        order by x.completed_at desc, x.id desc limit 50) l;
$$;

-- Stores the hash of the status link that the renter's copy of a request carries, minted
-- when the email is rendered: it opens that request's status page for 90 days.
create or replace function public.renter_status_link(p_lead_id bigint, p_token_hash text)
returns void language plpgsql security definer set search_path = '' as $$
declare
  v_email text;
begin
  select l.renter_email into v_email from public.leads l where l.id = p_lead_id and l.completed and l.renter_email is not null;
  if v_email is null then
    raise exception 'No such request' using errcode = 'PT404';
  end if;
  insert into public.auth_links (token_hash, purpose, email, lead_id, expires_at)
  values (p_token_hash, 'lead_status', v_email, p_lead_id, now() + interval '90 days');
end;
$$;

revoke execute on function public.lead_status(bigint, text, text), public.withdraw_lead(bigint, text, text),
  public.renter_requests(text), public.renter_status_link(bigint, text) from public, anon, authenticated;
grant execute on function public.lead_status(bigint, text, text), public.withdraw_lead(bigint, text, text),
  public.renter_requests(text), public.renter_status_link(bigint, text) to service_role;

-- supabase/functions/vendor_page.sql
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
  join public.lead_messages m on m.lead_id = r.lead_id and m.vendor_id = r.vendor_id and m.channel = 'email' and m.sent_at is not null
  where r.vendor_id = p_vendor_id and r.responded_at > now() - interval '90 days' and r.responded_at >= m.sent_at;
$$;

-- A listing's page: its place, and the vendor's card with its street, description,
-- whether its name is shared in the city (the title then adds the street), how quickly it
-- responds, whether it has stopped taking requests, and its rate card.
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
                 'street', v.street, 'created_at', v.created_at, 'updated_at', v.updated_at,
                 'postcode', (select p.code from public.postcodes p where p.id = v.postcode_id),
                 'description', (select d.description from public.vendors_additionaldetails d where d.vendor_id = v.id),
                 'name_shared', exists (
                   select 1 from public.vendors o
                   join public.postcodes op on op.id = o.postcode_id
                   join public.postcodes vp on vp.id = v.postcode_id
                   where o.name = v.name and o.id <> v.id and op.city_id = vp.city_id),
                 'response', private.vendor_response(v.id), 'hours', v.hours, 'paused', v.leads_paused_at is not null,
                 'rates', public.rate_card_json(v.id))
               from v where exists (select 1 from c)));
$$;

revoke execute on function private.vendor_response(bigint), public.vendor_page(text, text, text, text) from public;
grant execute on function private.vendor_response(bigint), public.vendor_page(text, text, text, text) to anon, authenticated, service_role;
