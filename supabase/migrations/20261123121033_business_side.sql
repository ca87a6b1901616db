-- Written by npm run db:migration from supabase/functions/ (edit those files, not this one).

-- supabase/functions/business_claim_start.sql
-- A claim of a listing. When nobody owns it yet and the address is the listing's email on
-- file, or its domain is the listing website's host (without "www."), a claim link is
-- stored (its hash only) for the server to email, and 'link' returned. Otherwise the claim
-- waits for the operator ('queued'). The visitor is told the same either way.
create or replace function public.business_claim_start(p_vendor_id bigint, p_email text, p_name text, p_phone text, p_note text,
  p_client_key text, p_token_hash text)
returns text language plpgsql security definer set search_path = '' as $$
declare
  v public.vendors;
  v_email text := lower(trim(coalesce(p_email, '')));
begin
  select * into v from public.vendors x where x.id = p_vendor_id and not x.hidden;
  if v.id is null then
    raise exception 'No such listing' using errcode = 'PT404';
  end if;
  if not public.is_email_address(v_email) then
    raise exception 'Please enter a valid email address' using errcode = 'P0001';
  end if;
  if length(trim(coalesce(p_name, ''))) not between 2 and 200 then
    raise exception 'Please enter your name' using errcode = 'P0001';
  end if;
  if length(coalesce(p_phone, '')) > 30 or length(coalesce(p_note, '')) > 2000 then
    raise exception 'A field is too long' using errcode = 'P0001';
  end if;
  perform public.count_write_attempt('claim', p_client_key, interval '1 day', 5,
    'Too many claims from your connection today. Please try again tomorrow.');
  perform public.count_write_attempt('claim_listing', 'listing-' || lpad(v.id::text, 12, '0'), interval '1 day', 10,
    'This listing has had too many claims today. Please try again tomorrow.');
  if v.claimed_at is null and (v_email = v.email or split_part(v_email, '@', 2) = v.website_key) then
    insert into public.auth_links (token_hash, purpose, email, vendor_id, expires_at)
    values (p_token_hash, 'claim', v_email, v.id, now() + interval '30 minutes');
    return 'link';
  end if;
  insert into public.vendor_claims (vendor_id, email, name, phone, note)
  values (v.id, v_email, trim(p_name), nullif(trim(p_phone), ''), nullif(trim(p_note), ''));
  return 'queued';
end;
$$;

-- The name the claim page shows; null for an unknown or hidden listing.
create or replace function public.business_claimable(p_vendor_id bigint)
returns jsonb language sql stable security definer set search_path = '' as $$
  select jsonb_build_object('id', v.id, 'name', v.name) from public.vendors v where v.id = p_vendor_id and not v.hidden;
$$;

revoke execute on function public.business_claim_start(bigint, text, text, text, text, text, text), public.business_claimable(bigint)
from public, anon, authenticated;
grant execute on function public.business_claim_start(bigint, text, text, text, text, text, text), public.business_claimable(bigint)
to service_role;

-- supabase/functions/business_leads.sql
-- The rental requests a managed listing received, newest first (the latest 200), with
-- every field and the business's own status of each.
create or replace function public.business_leads(p_email text, p_vendor_id bigint)
returns jsonb language plpgsql stable security definer set search_path = '' as $$
begin
  perform public.business_require_manager(p_email, p_vendor_id);
  return coalesce((select jsonb_agg(x.lead order by x.completed_at desc, x.id desc) from (
    select l.id, l.completed_at, jsonb_build_object('id', l.id, 'name', l.name, 'phone', l.phone, 'skid_steer_type', l.skid_steer_type,
        'rental_start_date', l.rental_start_date, 'rental_end_date', l.rental_end_date, 'rental_days', l.rental_days,
        'location', l.location, 'completed_at', l.completed_at, 'withdrawn_at', l.withdrawn_at, 'reason', r.reason, 'status', r.status,
        'status_reason', r.status_reason, 'status_at', r.status_at) as lead
    from public.lead_recipients r join public.leads l on l.id = r.lead_id
    where r.vendor_id = p_vendor_id and l.completed and not l.spam
    order by l.completed_at desc, l.id desc limit 200) x), '[]'::jsonb);
end;
$$;

-- A business's status of one of its listing's requests; lost and not a fit need a reason.
-- Contacted and quoted are responses: the first one sets the response time shown on the
-- listing's page, whose address is returned.
create or replace function public.business_set_lead_status(p_email text, p_vendor_id bigint, p_lead_id bigint, p_status text, p_reason text)
returns jsonb language plpgsql security definer set search_path = '' as $$
begin
  perform public.business_require_manager(p_email, p_vendor_id);
  if p_status is null or p_status not in ('contacted', 'quoted', 'won', 'lost', 'not_a_fit') then
    raise exception 'Unknown status' using errcode = 'P0001';
  end if;
  if p_status in ('lost', 'not_a_fit') and length(trim(coalesce(p_reason, ''))) = 0 then
    raise exception 'Please give a reason' using errcode = 'P0001';
  end if;
  if length(coalesce(p_reason, '')) > 500 then
    raise exception 'A field is too long' using errcode = 'P0001';
  end if;
  update public.lead_recipients r set status = p_status, status_reason = nullif(trim(coalesce(p_reason, '')), ''), status_at = now(),
    responded_at = case when p_status in ('contacted', 'quoted') then coalesce(r.responded_at, now()) else r.responded_at end
  where r.lead_id = p_lead_id and r.vendor_id = p_vendor_id;
  if not found then
    raise exception 'No such request' using errcode = 'PT404';
  end if;
  return public.vendor_address(p_vendor_id);
end;
$$;

-- Stops or resumes a listing's rental requests.
create or replace function public.business_set_leads_paused(p_email text, p_vendor_id bigint, p_paused boolean)
returns void language plpgsql security definer set search_path = '' as $$
begin
  perform public.business_require_manager(p_email, p_vendor_id);
  update public.vendors v set leads_paused_at = case when p_paused then coalesce(v.leads_paused_at, now()) end, updated_at = now()
  where v.id = p_vendor_id;
  perform public.audit('business ' || lower(trim(p_email)), case when p_paused then 'pause_leads' else 'resume_leads' end, 'vendor ' || p_vendor_id);
end;
$$;

revoke execute on function public.business_leads(text, bigint), public.business_set_lead_status(text, bigint, bigint, text, text),
  public.business_set_leads_paused(text, bigint, boolean)
from public, anon, authenticated;
grant execute on function public.business_leads(text, bigint), public.business_set_lead_status(text, bigint, bigint, text, text),
  public.business_set_leads_paused(text, bigint, boolean)
to service_role;

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
    return jsonb_build_object('email', link.email, 'vendor_id', link.vendor_id, 'outcome', 'opted_out');
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

-- supabase/functions/business_listings.sql
-- The listings an address manages, each with what the business may edit and its people.
create or replace function public.business_listings(p_email text)
returns jsonb language sql stable security definer set search_path = '' as $$
  select coalesce(jsonb_agg(public.operator_vendor(m.vendor_id) || jsonb_build_object(
      'role', m.role,
      'leads_paused', (select v.leads_paused_at is not null from public.vendors v where v.id = m.vendor_id),
      'hours', (select v.hours from public.vendors v where v.id = m.vendor_id),
      'pending_change', (select c.changes from public.vendor_change_requests c where c.vendor_id = m.vendor_id and c.status = 'new'
                         order by c.id desc limit 1),
      'managers', (select jsonb_agg(jsonb_build_object('email', o.email, 'role', o.role) order by o.role desc, o.email)
                   from public.vendor_managers o where o.vendor_id = m.vendor_id))
    order by m.vendor_id), '[]'::jsonb)
  from public.vendor_managers m where m.email = lower(trim(coalesce(p_email, '')));
$$;

-- Checks that the address manages the listing; otherwise the listing is as unknown.
create or replace function public.business_require_manager(p_email text, p_vendor_id bigint)
returns void language plpgsql stable set search_path = '' as $$
begin
  if not exists (select 1 from public.vendor_managers m where m.vendor_id = p_vendor_id and m.email = lower(trim(coalesce(p_email, '')))) then
    raise exception 'No such listing' using errcode = 'PT404';
  end if;
end;
$$;

-- A business's edit of its listing: phone, lead email, street, description, photo, hours
-- and service ZIPs, checked and recorded in the audit log as the operator's edits are. A
-- new name or website waits for the operator (vendor_change_requests). Returns the
-- listing's address, and whether a change now waits for the operator.
create or replace function public.business_update_vendor(p_email text, p_vendor_id bigint, p_changes jsonb)
returns jsonb language plpgsql security definer set search_path = '' as $$
declare
  v public.vendors;
  actor text := 'business ' || lower(trim(p_email));
  wanted jsonb := '{}'::jsonb;
begin
  perform public.business_require_manager(p_email, p_vendor_id);
  select * into v from public.vendors x where x.id = p_vendor_id;
  if p_changes ? 'hours' and nullif(trim(p_changes->>'hours'), '') is distinct from v.hours then
    if length(p_changes->>'hours') > 300 then
      raise exception 'A field is too long' using errcode = 'P0001';
    end if;
    update public.vendors x set hours = nullif(trim(p_changes->>'hours'), ''), updated_at = now() where x.id = p_vendor_id;
    perform public.audit(actor, 'edit', 'vendor ' || p_vendor_id, jsonb_build_object('hours', jsonb_build_object('from', v.hours, 'to', nullif(trim(p_changes->>'hours'), ''))));
  end if;
  if p_changes ? 'name' and trim(p_changes->>'name') is distinct from v.name then
    if length(trim(coalesce(p_changes->>'name', ''))) not between 2 and 200 then
      raise exception 'Name must be 2 to 200 characters' using errcode = 'P0001';
    end if;
    wanted := wanted || jsonb_build_object('name', trim(p_changes->>'name'));
  end if;
  if p_changes ? 'site' and nullif(trim(p_changes->>'site'), '') is not null
     and public.normalize_website(p_changes->>'site') is distinct from v.site then
    if public.normalize_website(p_changes->>'site') is null then
      raise exception 'Please enter a valid website URL (e.g. example.com)' using errcode = 'P0001';
    end if;
    wanted := wanted || jsonb_build_object('site', public.normalize_website(p_changes->>'site'));
  end if;
  if wanted <> '{}'::jsonb then
    update public.vendor_change_requests c set status = 'rejected', review_reason = 'replaced by a newer request', reviewed_at = now()
    where c.vendor_id = p_vendor_id and c.status = 'new';
    insert into public.vendor_change_requests (vendor_id, email, changes) values (p_vendor_id, lower(trim(p_email)), wanted);
  end if;
  return jsonb_build_object('pending', wanted <> '{}'::jsonb) || public.operator_update_vendor(p_vendor_id,
    coalesce((select jsonb_object_agg(c.key, c.value) from jsonb_each(coalesce(p_changes, '{}'::jsonb)) c
              where c.key in ('phone', 'email', 'street', 'description', 'photo', 'service_zips')), '{}'::jsonb),
    'business ' || lower(trim(p_email)));
end;
$$;

-- Adds a colleague (up to 10 people a listing) or removes one; the owner stays.
create or replace function public.business_set_colleague(p_email text, p_vendor_id bigint, p_colleague text, p_add boolean)
returns void language plpgsql security definer set search_path = '' as $$
declare
  v_colleague text := lower(trim(coalesce(p_colleague, '')));
begin
  perform public.business_require_manager(p_email, p_vendor_id);
  if not public.is_email_address(v_colleague) then
    raise exception 'Please enter a valid email address' using errcode = 'P0001';
  end if;
  if p_add then
    if (select count(*) from public.vendor_managers m where m.vendor_id = p_vendor_id) >= 10 then
      raise exception 'A listing has at most 10 people' using errcode = 'P0001';
    end if;
    insert into public.vendor_managers (vendor_id, email, role, added_by) values (p_vendor_id, v_colleague, 'colleague', lower(trim(p_email)))
    on conflict (vendor_id, email) do nothing;
  else
    if exists (select 1 from public.vendor_managers m where m.vendor_id = p_vendor_id and m.email = v_colleague and m.role = 'owner') then
      raise exception 'The owner cannot be removed' using errcode = 'P0001';
    end if;
    delete from public.vendor_managers m where m.vendor_id = p_vendor_id and m.email = v_colleague;
  end if;
  perform public.audit('business ' || lower(trim(p_email)), case when p_add then 'add_colleague' else 'remove_colleague' end,
    'vendor ' || p_vendor_id, jsonb_build_object('email', v_colleague));
end;
$$;

revoke execute on function public.business_listings(text), public.business_require_manager(text, bigint),
  public.business_update_vendor(text, bigint, jsonb), public.business_set_colleague(text, bigint, text, boolean)
from public, anon, authenticated;
grant execute on function public.business_listings(text), public.business_update_vendor(text, bigint, jsonb),
  public.business_set_colleague(text, bigint, text, boolean)
to service_role;

-- supabase/functions/business_sign_in_start.sql
-- A sign-in request: a link (its hash only) is stored when the address manages a listing,
-- and nothing otherwise; the visitor is told the same either way. Limited per client and
-- per address. Returns whether a link was stored for the server to email.
create or replace function public.business_sign_in_start(p_email text, p_client_key text, p_token_hash text)
returns boolean language plpgsql security definer set search_path = '' as $$
declare
  v_email text := lower(trim(coalesce(p_email, '')));
begin
  if not public.is_email_address(v_email) then
    raise exception 'Please enter a valid email address' using errcode = 'P0001';
  end if;
  perform public.count_write_attempt('sign_in', p_client_key, interval '1 hour', 10,
    'Too many sign-in requests from your connection. Please try again in an hour.');
  perform public.count_write_attempt('sign_in_email', 'email-' || md5(v_email), interval '1 hour', 5,
    'Too many sign-in requests for this address. Please try again in an hour.');
  delete from public.auth_links a where a.expires_at < now() - interval '1 day';
  if not exists (select 1 from public.vendor_managers m where m.email = v_email) then
    return false;
  end if;
  insert into public.auth_links (token_hash, purpose, email, expires_at) values (p_token_hash, 'sign_in', v_email, now() + interval '30 minutes');
  return true;
end;
$$;

-- The sign-in link of a "your listing is live" email, minted when the email is rendered:
-- stored (its hash only, for 7 days) when the address manages a listing. Returns whether.
create or replace function public.business_welcome_link(p_email text, p_token_hash text)
returns boolean language plpgsql security definer set search_path = '' as $$
begin
  if not exists (select 1 from public.vendor_managers m where m.email = lower(trim(coalesce(p_email, '')))) then
    return false;
  end if;
  insert into public.auth_links (token_hash, purpose, email, expires_at) values (p_token_hash, 'sign_in', lower(trim(p_email)), now() + interval '7 days');
  return true;
end;
$$;

revoke execute on function public.business_sign_in_start(text, text, text), public.business_welcome_link(text, text) from public, anon, authenticated;
grant execute on function public.business_sign_in_start(text, text, text), public.business_welcome_link(text, text) to service_role;

-- supabase/functions/complete_lead.sql
-- Completes the lead, routes it and queues its messages. Returns the recipient count. A
-- request from the page of a vendor that asked to stop receiving requests goes to the
-- vendors near the job site instead.
create or replace function public.complete_lead(
  p_lead_id bigint, p_owner_token text, p_skid_steer_type text,
  p_rental_start_date date, p_rental_end_date date, p_name text, p_phone text,
  p_location text, p_widen boolean default false, p_webhook boolean default false)
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
  -- Whole dates: the day difference is already an integer, its own ceiling.
  days := p_rental_end_date - p_rental_start_date;
  update public.leads l set
    step = 3, completed = true, completed_at = now(), updated_at = now(),
    skid_steer_type = p_skid_steer_type, rental_start_date = p_rental_start_date,
    rental_end_date = p_rental_end_date, rental_days = days,
    name = trim(p_name), phone = trim(p_phone), location = p_location,
    widen = coalesce(p_widen, false)
  where l.id = v_lead
  returning l.vendor_id into chosen;

  if exists (select 1 from public.vendors v where v.id = chosen and v.leads_paused_at is not null) then
    chosen := null;
  end if;
  if chosen is not null then
    insert into public.lead_recipients (lead_id, vendor_id, reason, rank) values (v_lead, chosen, 'vendor_page', 1);
  end if;
  if chosen is null or coalesce(p_widen, false) then
    insert into public.lead_recipients (lead_id, vendor_id, reason, rank, distance_miles)
    select v_lead, n.vendor_id, 'nearby', (case when chosen is null then 0 else 1 end) + n.ord, n.distance_miles
    from public.vendors_near_zip(p_location, case when chosen is null then 3 else 2 end, chosen)
      with ordinality n(vendor_id, distance_miles, serves, ord);
  end if;
  insert into public.lead_messages (lead_id, vendor_id, channel)
  select v_lead, r.vendor_id, 'email' from public.lead_recipients r where r.lead_id = v_lead;
  if p_webhook then
    insert into public.lead_messages (lead_id, channel) values (v_lead, 'webhook');
  end if;
  select count(*) into recipients from public.lead_recipients r where r.lead_id = v_lead;
  return jsonb_build_object('id', v_lead, 'rental_days', days, 'recipients', recipients);
end;
$$;


revoke execute on function public.complete_lead(bigint, text, text, date, date, text, text, text, boolean, boolean) from public, anon, authenticated;
grant execute on function public.complete_lead(bigint, text, text, date, date, text, text, text, boolean, boolean) to service_role;

-- supabase/functions/import_vendor_row.sql
-- One CSV row: creates (listed now) or updates the vendor with its normalized website, or says why not.
create or replace function public.import_vendor_row(r jsonb)
returns jsonb language plpgsql set search_path = '' as $$
declare
  v_state public.states;
  v_city public.cities;
  v_postcode public.postcodes;
  existing public.vendors;
  v_site text := public.normalize_website(r->>'website');
  key text := public.website_key(v_site);
  zips text[];
  unknown text;
  v_id bigint;
  v_rating numeric;
  v_full_address text;
  changed boolean := false;
begin
  if length(trim(coalesce(r->>'name', ''))) not between 2 and 200 then return jsonb_build_object('action', 'rejected', 'reason', 'name must be 2 to 200 characters'); end if;
  if v_site is null or length(r->>'website') > 300 then
    return jsonb_build_object('action', 'rejected', 'reason', 'website is missing or not a URL');
  end if;
  if length(trim(coalesce(r->>'phone', ''))) not between 10 and 30 then return jsonb_build_object('action', 'rejected', 'reason', 'phone must be 10 to 30 characters'); end if;
  if nullif(trim(r->>'email'), '') is not null and not public.is_email_address(lower(trim(r->>'email'))) then
    return jsonb_build_object('action', 'rejected', 'reason', 'email is not an email address');
  end if;
  if length(trim(coalesce(r->>'street', ''))) not between 3 and 300 then return jsonb_build_object('action', 'rejected', 'reason', 'street is missing'); end if;
  select st.* into v_state from public.states st
  where st.country_id = 1 and (upper(st.code) = upper(trim(r->>'state')) or lower(st.name) = lower(trim(r->>'state')) or st.slug = lower(trim(r->>'state')));
  if v_state.id is null then return jsonb_build_object('action', 'rejected', 'reason', 'unknown state ' || coalesce(r->>'state', '')); end if;
  select c.* into v_city from public.cities c where c.state_id = v_state.id and lower(c.name) = lower(trim(r->>'city')) order by c.id limit 1;
  if v_city.id is null then return jsonb_build_object('action', 'rejected', 'reason', 'unknown city ' || coalesce(r->>'city', '') || ', ' || v_state.code); end if;
  select p.* into v_postcode from public.postcodes p where p.code = trim(r->>'zip') and p.city_id = v_city.id;
  if v_postcode.id is null then return jsonb_build_object('action', 'rejected', 'reason', 'ZIP ' || coalesce(r->>'zip', '') || ' is not in ' || v_city.name || ', ' || v_state.code); end if;
  if nullif(trim(r->>'rating'), '') is not null then
    if trim(r->>'rating') !~ '^[0-9](\.[0-9])?$' or (r->>'rating')::numeric > 5 then
      return jsonb_build_object('action', 'rejected', 'reason', 'rating must be 0 to 5 with one decimal');
    end if;
    v_rating := (r->>'rating')::numeric;
  end if;
  if length(coalesce(r->>'description', '')) > 5000 then return jsonb_build_object('action', 'rejected', 'reason', 'description is too long'); end if;
  if nullif(trim(r->>'service_zips'), '') is not null then
    zips := array(select distinct z from regexp_split_to_table(trim(r->>'service_zips'), '[\s;,]+') z where z <> '' order by z);
    select z into unknown from unnest(zips) z where z !~ '^[0-9]{5}$' or not exists (select 1 from public.postcodes p where p.code = z) limit 1;
    if unknown is not null then return jsonb_build_object('action', 'rejected', 'reason', 'unknown service ZIP ' || unknown); end if;
  else
    zips := array(select p.code from public.postcodes p where p.city_id = v_city.id order by p.code);
  end if;
  v_full_address := trim(r->>'street') || ', ' || v_city.name || ', ' || v_state.code || ' ' || v_postcode.code;

  select * into existing from public.vendors v where v.website_key = key order by v.id limit 1;
  if existing.id is null then
    insert into public.vendors (name, slug, site, email, phone, full_address, street, rating, postcode_id, listed_at)
    values (trim(r->>'name'), public.unique_vendor_slug(trim(r->>'name') || ' ' || v_city.name), v_site,
            lower(nullif(trim(r->>'email'), '')), trim(r->>'phone'), v_full_address, trim(r->>'street'), v_rating, v_postcode.id, now())
    returning id into v_id;
    insert into public.vendors_additionaldetails (vendor_id, description) values (v_id, nullif(trim(r->>'description'), ''));
    insert into public.vendors_serviced (vendor_id, postcode_id) select v_id, p.id from public.postcodes p where p.code = any (zips);
    return jsonb_build_object('action', 'created', 'vendor_id', v_id);
  end if;

  v_id := existing.id;
  if (existing.name, existing.site, existing.email, existing.phone, existing.street, existing.full_address, existing.postcode_id)
     is distinct from (trim(r->>'name'), v_site, lower(nullif(trim(r->>'email'), '')), trim(r->>'phone'), trim(r->>'street'), v_full_address, v_postcode.id)
     or (nullif(trim(r->>'rating'), '') is not null and existing.rating is distinct from v_rating) then
    update public.vendors v set name = trim(r->>'name'), site = v_site, email = lower(nullif(trim(r->>'email'), '')),
      phone = trim(r->>'phone'), street = trim(r->>'street'), full_address = v_full_address, postcode_id = v_postcode.id,
      rating = case when nullif(trim(r->>'rating'), '') is not null then v_rating else v.rating end, updated_at = now()
    where v.id = v_id;
    changed := true;
  end if;
  if r ? 'description' and nullif(trim(r->>'description'), '') is distinct from
     (select d.description from public.vendors_additionaldetails d where d.vendor_id = v_id) then
    insert into public.vendors_additionaldetails (vendor_id, description) values (v_id, nullif(trim(r->>'description'), ''))
    on conflict (vendor_id) do update set description = excluded.description;
    changed := true;
  end if;
  if zips is distinct from array(select p.code from public.vendors_serviced s join public.postcodes p on p.id = s.postcode_id
                                 where s.vendor_id = v_id order by p.code) then
    delete from public.vendors_serviced s where s.vendor_id = v_id;
    insert into public.vendors_serviced (vendor_id, postcode_id) select v_id, p.id from public.postcodes p where p.code = any (zips);
    changed := true;
  end if;
  return jsonb_build_object('action', case when changed then 'updated' else 'unchanged' end, 'vendor_id', v_id);
end;
$$;

revoke execute on function public.import_vendor_row(jsonb) from public, anon, authenticated;

-- supabase/functions/lead_email_links.sql
-- Stores the hashes of the links a lead's email to a vendor carries, minted when the email
-- is rendered (so no raw token is ever stored): "I've contacted this customer" (30 days),
-- "Stop sending me requests" (one year, any number of times) and, while nobody has claimed
-- the listing, "Claim your listing" (7 days). Returns whether the claim link was stored.
create or replace function public.lead_email_links(p_lead_id bigint, p_vendor_id bigint, p_contacted_hash text, p_opt_out_hash text,
  p_claim_hash text)
returns jsonb language plpgsql security definer set search_path = '' as $$
declare
  v public.vendors;
begin
  select x.* into v from public.vendors x
  join public.lead_recipients r on r.vendor_id = x.id and r.lead_id = p_lead_id
  where x.id = p_vendor_id and x.email is not null;
  if v.id is null then
    raise exception 'No such recipient' using errcode = 'PT404';
  end if;
  insert into public.auth_links (token_hash, purpose, email, vendor_id, lead_id, expires_at) values
    (p_contacted_hash, 'lead_contacted', v.email, v.id, p_lead_id, now() + interval '30 days'),
    (p_opt_out_hash, 'opt_out', v.email, v.id, null, now() + interval '1 year');
  if v.claimed_at is null then
    insert into public.auth_links (token_hash, purpose, email, vendor_id, expires_at)
    values (p_claim_hash, 'claim', v.email, v.id, now() + interval '7 days');
  end if;
  return jsonb_build_object('claim', v.claimed_at is null);
end;
$$;

revoke execute on function public.lead_email_links(bigint, bigint, text, text, text) from public, anon, authenticated;
grant execute on function public.lead_email_links(bigint, bigint, text, text, text) to service_role;

-- supabase/functions/lead_recipients_json.sql
-- A lead's recipients as the operator's pages and reports list them: each vendor, why it
-- was chosen, its status of the lead and, once it answered, how many hours after its email.
create or replace function public.lead_recipients_json(p_lead_id bigint)
returns jsonb language sql stable security definer set search_path = '' as $$
  select coalesce(jsonb_agg(jsonb_build_object('vendor_id', r.vendor_id, 'vendor_name', v.name, 'reason', r.reason,
      'rank', r.rank, 'distance_miles', r.distance_miles, 'status', r.status, 'status_reason', r.status_reason,
      'responded_at', r.responded_at,
      'response_hours', (select round((extract(epoch from r.responded_at - m.sent_at) / 3600)::numeric, 1)
                         from public.lead_messages m
                         where m.lead_id = r.lead_id and m.vendor_id = r.vendor_id and m.channel = 'email' and m.sent_at <= r.responded_at))
    order by r.rank), '[]'::jsonb)
  from public.lead_recipients r join public.vendors v on v.id = r.vendor_id where r.lead_id = p_lead_id;
$$;

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
          from public.lead_messages m where m.lead_id = l.id)
  from public.leads l
  where not l.spam
  order by l.id desc
  limit least(greatest(coalesce(p_limit, 100), 1), 5000);
$$;

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
                 from public.lead_messages m where m.lead_id = l.id));
$$;

revoke execute on function public.lead_recipients_json(bigint), public.operator_leads(int), public.operator_lead_json(public.leads)
from public, anon, authenticated;
grant execute on function public.operator_leads(int) to service_role;

-- supabase/functions/lead_status.sql
-- A renter's own request, for its private status page: proven by the owner token its
-- browser holds (a wrong one answers as an unknown request). Which vendors it went to, and
-- for each whether the email was sent and whether the vendor has answered.
create or replace function public.lead_status(p_lead_id bigint, p_owner_token text)
returns jsonb language sql stable security definer set search_path = '' as $$
  select jsonb_build_object('id', l.id, 'skid_steer_type', l.skid_steer_type, 'rental_start_date', l.rental_start_date,
    'rental_end_date', l.rental_end_date, 'location', l.location, 'completed_at', l.completed_at, 'withdrawn_at', l.withdrawn_at,
    'recipients', (select coalesce(jsonb_agg(jsonb_build_object(
        'vendor_name', v.name, 'sent', exists (select 1 from public.lead_messages m
                                               where m.lead_id = l.id and m.vendor_id = r.vendor_id and m.status = 'sent'),
        'contacted', r.responded_at is not null) order by r.rank), '[]'::jsonb)
      from public.lead_recipients r join public.vendors v on v.id = r.vendor_id where r.lead_id = l.id))
  from public.leads l
  where l.id = p_lead_id and l.completed
    and l.owner_token_hash = encode(sha256(convert_to(coalesce(p_owner_token, ''), 'UTF8')), 'hex');
$$;

-- Withdraws the renter's own request: messages not yet sent are cancelled.
create or replace function public.withdraw_lead(p_lead_id bigint, p_owner_token text)
returns void language plpgsql security definer set search_path = '' as $$
begin
  if public.lead_status(p_lead_id, p_owner_token) is null then
    raise exception 'Rental request not found' using errcode = 'PT404';
  end if;
  update public.leads l set withdrawn_at = coalesce(l.withdrawn_at, now()), updated_at = now() where l.id = p_lead_id;
  update public.lead_messages m set status = 'failed', last_error = 'withdrawn by the renter', claim_id = null, claimed_until = null
  where m.lead_id = p_lead_id and m.status in ('pending', 'sending');
end;
$$;

revoke execute on function public.lead_status(bigint, text), public.withdraw_lead(bigint, text) from public, anon, authenticated;
grant execute on function public.lead_status(bigint, text), public.withdraw_lead(bigint, text) to service_role;

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
    raise exception 'No such submission' using errcode = 'PT404';
  end if;
  if sub.status <> 'new' then
    raise exception 'This submission is already %', sub.status using errcode = 'PT409';
  end if;
  select v.name into clash from public.vendors v where v.website_key = sub.website_key limit 1;
  if clash is not null then
    raise exception 'A listing with this website already exists: %', clash using errcode = 'PT409';
  end if;
  select st.* into v_state from public.states st where st.slug = sub.state;
  select c.* into v_city from public.cities c where c.state_id = v_state.id and c.slug = sub.city;
  if v_city.id is null then
    raise exception 'The submission''s city is not in the directory' using errcode = 'P0001';
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
    insert into public.lead_messages (kind, vendor_id, channel, recipient, payload)
    values ('listing_live', v_vendor, 'email', sub.email, jsonb_build_object('name', sub.name, 'address', public.vendor_address(v_vendor)));
  end if;
  return public.vendor_address(v_vendor);
end;
$$;

revoke execute on function public.operator_approve_submission(bigint, text) from public, anon, authenticated;
grant execute on function public.operator_approve_submission(bigint, text) to service_role;

-- supabase/functions/operator_claim_page.sql
-- Claims waiting for the operator (or decided), newest first, with the listing and the
-- people who manage it now.
create or replace function public.operator_claim_page(p_status text, p_limit int, p_offset int)
returns jsonb language sql stable security definer set search_path = '' as $$
  select jsonb_build_object(
    'total', (select count(*) from public.vendor_claims c where c.status = p_status),
    'rows', coalesce((select jsonb_agg(to_jsonb(c) || jsonb_build_object(
        'vendor', public.vendor_address(c.vendor_id),
        'managers', (select coalesce(jsonb_agg(jsonb_build_object('email', m.email, 'role', m.role) order by m.role desc, m.email), '[]'::jsonb)
                     from public.vendor_managers m where m.vendor_id = c.vendor_id))
      order by c.id desc)
      from (select * from public.vendor_claims x where x.status = p_status order by x.id desc
            offset greatest(coalesce(p_offset, 0), 0) limit least(greatest(coalesce(p_limit, 50), 1), 1000)) c), '[]'::jsonb));
$$;

-- Approves a claim (the claimant owns the listing, or joins it as a colleague when it has
-- an owner already) or rejects it with a reason.
create or replace function public.operator_review_claim(p_id bigint, p_approve boolean, p_reason text, p_operator text)
returns void language plpgsql security definer set search_path = '' as $$
declare
  claim public.vendor_claims;
  owned boolean;
begin
  select * into claim from public.vendor_claims c where c.id = p_id and c.status = 'new' for update;
  if claim.id is null then
    raise exception 'No new claim with this id' using errcode = 'PT409';
  end if;
  if not p_approve and length(trim(coalesce(p_reason, ''))) = 0 then
    raise exception 'Please give a reason for the rejection' using errcode = 'P0001';
  end if;
  if p_approve then
    perform 1 from public.vendors v where v.id = claim.vendor_id for update;
    owned := exists (select 1 from public.vendor_managers m where m.vendor_id = claim.vendor_id and m.role = 'owner');
    insert into public.vendor_managers (vendor_id, email, role, added_by)
    values (claim.vendor_id, claim.email, case when owned then 'colleague' else 'owner' end, p_operator)
    on conflict (vendor_id, email) do nothing;
    update public.vendors v set claimed_at = coalesce(v.claimed_at, now()), updated_at = now() where v.id = claim.vendor_id;
  end if;
  update public.vendor_claims c set status = case when p_approve then 'approved' else 'rejected' end,
    review_reason = nullif(left(trim(coalesce(p_reason, '')), 500), ''), reviewed_by = p_operator, reviewed_at = now()
  where c.id = p_id;
  perform public.audit(p_operator, case when p_approve then 'approve_claim' else 'reject_claim' end, 'vendor ' || claim.vendor_id,
    jsonb_build_object('claim', p_id, 'email', claim.email));
end;
$$;

-- The people who manage a listing, and the operator's revoking of one. A listing whose
-- owner is revoked is no longer claimed.
create or replace function public.operator_vendor_managers(p_vendor_id bigint)
returns jsonb language sql stable security definer set search_path = '' as $$
  select coalesce(jsonb_agg(jsonb_build_object('email', m.email, 'role', m.role, 'added_by', m.added_by, 'created_at', m.created_at)
    order by m.role desc, m.email), '[]'::jsonb)
  from public.vendor_managers m where m.vendor_id = p_vendor_id;
$$;

create or replace function public.operator_revoke_manager(p_vendor_id bigint, p_email text, p_operator text)
returns void language plpgsql security definer set search_path = '' as $$
declare
  revoked public.vendor_managers;
begin
  delete from public.vendor_managers m where m.vendor_id = p_vendor_id and m.email = lower(trim(coalesce(p_email, ''))) returning * into revoked;
  if revoked.email is null then
    raise exception 'No such person on this listing' using errcode = 'PT404';
  end if;
  if revoked.role = 'owner' then
    update public.vendors v set claimed_at = null, updated_at = now() where v.id = p_vendor_id;
  end if;
  perform public.audit(p_operator, 'revoke_manager', 'vendor ' || p_vendor_id, jsonb_build_object('email', revoked.email, 'role', revoked.role));
end;
$$;

-- Businesses' changes of their listings' names and websites waiting for the operator.
create or replace function public.operator_change_requests()
returns jsonb language sql stable security definer set search_path = '' as $$
  select coalesce(jsonb_agg(jsonb_build_object('id', c.id, 'vendor', public.vendor_address(c.vendor_id), 'email', c.email,
      'changes', c.changes, 'created_at', c.created_at,
      'current', (select jsonb_build_object('name', v.name, 'site', v.site) from public.vendors v where v.id = c.vendor_id))
    order by c.id), '[]'::jsonb)
  from public.vendor_change_requests c where c.status = 'new';
$$;

-- Applies a requested change (checked as the operator's own edits are) or rejects it.
create or replace function public.operator_review_change(p_id bigint, p_approve boolean, p_reason text, p_operator text)
returns void language plpgsql security definer set search_path = '' as $$
declare
  request public.vendor_change_requests;
begin
  select * into request from public.vendor_change_requests c where c.id = p_id and c.status = 'new' for update;
  if request.id is null then
    raise exception 'No new change with this id' using errcode = 'PT409';
  end if;
  if p_approve then
    perform public.operator_update_vendor(request.vendor_id, request.changes, p_operator);
  end if;
  update public.vendor_change_requests c set status = case when p_approve then 'approved' else 'rejected' end,
    review_reason = nullif(left(trim(coalesce(p_reason, '')), 500), ''), reviewed_by = p_operator, reviewed_at = now()
  where c.id = p_id;
end;
$$;

-- Listings whose business asked to receive no rental requests, most recent first.
create or replace function public.operator_paused_vendors()
returns jsonb language sql stable security definer set search_path = '' as $$
  select coalesce(jsonb_agg(jsonb_build_object('id', v.id, 'name', v.name, 'paused_at', v.leads_paused_at) order by v.leads_paused_at desc), '[]'::jsonb)
  from public.vendors v where v.leads_paused_at is not null;
$$;

revoke execute on function public.operator_change_requests(), public.operator_review_change(bigint, boolean, text, text), public.operator_paused_vendors(), public.operator_claim_page(text, int, int), public.operator_review_claim(bigint, boolean, text, text),
  public.operator_vendor_managers(bigint), public.operator_revoke_manager(bigint, text, text)
from public, anon, authenticated;
grant execute on function public.operator_change_requests(), public.operator_review_change(bigint, boolean, text, text), public.operator_paused_vendors(), public.operator_claim_page(text, int, int), public.operator_review_claim(bigint, boolean, text, text),
  public.operator_vendor_managers(bigint), public.operator_revoke_manager(bigint, text, text)
to service_role;

-- supabase/functions/vendor_card.sql
-- A vendor card with the slugs of its home location, for links, whether the business has
-- claimed the listing, and whether it went public in the last 30 days ("New").
create or replace function public.vendor_card(v public.vendors)
returns jsonb language sql stable set search_path = '' as $$
  select jsonb_build_object(
    'id', v.id, 'name', v.name, 'slug', v.slug, 'phone', v.phone, 'site', v.site,
    'full_address', v.full_address, 'rating', v.rating, 'photo', v.photo,
    'city_name', c.name, 'city_slug', c.slug, 'state_slug', st.slug, 'state_code', st.code,
    'country_slug', co.slug, 'claimed', v.claimed_at is not null, 'new', coalesce(v.listed_at > now() - interval '30 days', false))
  from public.postcodes p
  join public.cities c on c.id = p.city_id
  join public.states st on st.id = c.state_id
  join public.countries co on co.id = st.country_id
  where p.id = v.postcode_id;
$$;

revoke execute on function public.vendor_card(public.vendors) from public;
grant execute on function public.vendor_card(public.vendors) to anon, authenticated, service_role;

-- supabase/functions/vendor_page.sql
-- How quickly a vendor answers: over its leads of the last 90 days marked contacted or
-- quoted, the median hours from the email being sent to that first response, rounded up,
-- with how many leads it rests on; null below 3 such leads. Only the aggregate leaves.
create or replace function public.vendor_response(p_vendor_id bigint)
returns jsonb language sql stable security definer set search_path = '' as $$
  select case when count(*) >= 3 then jsonb_build_object(
      'hours', greatest(ceil(percentile_cont(0.5) within group (order by extract(epoch from r.responded_at - m.sent_at) / 3600)), 1)::int,
      'count', count(*)) end
  from public.lead_recipients r
  join public.lead_messages m on m.lead_id = r.lead_id and m.vendor_id = r.vendor_id and m.channel = 'email' and m.sent_at is not null
  where r.vendor_id = p_vendor_id and r.responded_at > now() - interval '90 days' and r.responded_at >= m.sent_at;
$$;

-- A listing's page: its place, and the vendor's card with its street, description,
-- whether its name is shared in the city (the title then adds the street) and how
-- quickly it responds.
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
                 'response', public.vendor_response(v.id), 'hours', v.hours)
               from v where exists (select 1 from c)));
$$;

revoke execute on function public.vendor_response(bigint), public.vendor_page(text, text, text, text) from public;
grant execute on function public.vendor_response(bigint), public.vendor_page(text, text, text, text) to anon, authenticated, service_role;

-- supabase/functions/vendors_near_zip.sql
-- The vendors a lead for this ZIP goes to: those serving it first, then the nearest within
-- 50 miles; among equally near ones, those that responded to a lead in the last 90 days
-- first. A hidden listing, or a vendor that asked to stop receiving requests, is skipped.
-- (Routing runs as the owner, past RLS.)
create or replace function public.vendors_near_zip(p_zip text, p_limit int, p_exclude bigint default null)
returns table (vendor_id bigint, distance_miles double precision, serves boolean)
language sql stable set search_path = '' as $$
  with job as (
    select p.id as postcode_id, c.latitude as lat, c.longitude as lng
    from public.postcodes p join public.cities c on c.id = p.city_id
    where p.code = p_zip
  ),
  candidates as (
    select v.id,
           exists (select 1 from public.vendors_serviced s where s.vendor_id = v.id and s.postcode_id = job.postcode_id) as serves,
           public.distance_miles(job.lat, job.lng, c.latitude, c.longitude) as miles,
           exists (select 1 from public.lead_recipients r where r.vendor_id = v.id and r.responded_at > now() - interval '90 days') as responds,
           v.rating
    from job
    cross join public.vendors v
    join public.postcodes p on p.id = v.postcode_id
    join public.cities c on c.id = p.city_id
    where v.id is distinct from p_exclude and not v.hidden and v.leads_paused_at is null
  )
  select id, round(miles::numeric, 1)::double precision, serves from candidates
  where serves or miles <= 50
  order by serves desc, round(miles::numeric, 1) nulls last, responds desc, rating desc nulls last, id
  limit greatest(coalesce(p_limit, 0), 0);
$$;

revoke execute on function public.vendors_near_zip(text, int, bigint) from public, anon, authenticated;
