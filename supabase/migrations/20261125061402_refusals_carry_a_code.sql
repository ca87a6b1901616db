-- Written by npm run db:migration from supabase/functions/ (edit those files, not this one).

-- supabase/functions/count_write_attempt.sql
-- Abuse limits hold whatever the caller passes: a client key is required, and attempts
-- of one key are serialized so concurrent calls cannot all pass the count.
create or replace function public.count_write_attempt(p_kind text, p_client_key text, p_window interval, p_limit int, p_message text)
returns void language plpgsql set search_path = '' as $$
begin
  if p_client_key is null or length(p_client_key) not between 8 and 128 then
    raise exception 'A client key is required' using errcode = 'P0001', hint = 'client-key';
  end if;
  perform pg_advisory_xact_lock(hashtextextended(p_kind || ':' || p_client_key, 0));
  delete from public.write_attempts a
  where a.kind = p_kind and a.client_key = p_client_key and a.created_at <= now() - p_window;
  if (select count(*) from public.write_attempts a
      where a.kind = p_kind and a.client_key = p_client_key) >= p_limit then
    raise exception '%', p_message using errcode = 'PT429', hint = 'limit-' || replace(p_kind, '_', '-');
  end if;
  insert into public.write_attempts (kind, client_key) values (p_kind, p_client_key);
end;
$$;

revoke execute on function public.count_write_attempt(text,text,interval,integer,text) from public, anon, authenticated;

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
    insert into public.auth_links (token_hash, purpose, email, vendor_id, expires_at)
    values (p_token_hash, 'claim', v_email, v.id, now() + interval '30 minutes');
    return 'link';
  end if;
  insert into public.vendor_claims (vendor_id, email, name, phone, note)
  values (v.id, v_email, trim(p_name), nullif(trim(p_phone), ''), nullif(trim(p_note), ''));
  return 'queued';
end;
$$;

revoke execute on function public.business_claim_start(bigint,text,text,text,text,text,text) from public, anon, authenticated;
grant execute on function public.business_claim_start(bigint,text,text,text,text,text,text) to service_role;

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
    raise exception 'This link is invalid or has expired.' using errcode = 'PT404', hint = 'link-invalid';
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

revoke execute on function public.business_link_use(text,text) from public, anon, authenticated;
grant execute on function public.business_link_use(text,text) to service_role;

-- supabase/functions/business_require_manager.sql
-- Checks that the address manages the listing; otherwise the listing is as unknown.
create or replace function public.business_require_manager(p_email text, p_vendor_id bigint)
returns void language plpgsql stable set search_path = '' as $$
begin
  if not exists (select 1 from public.vendor_managers m where m.vendor_id = p_vendor_id and m.email = lower(trim(coalesce(p_email, '')))) then
    raise exception 'No such listing' using errcode = 'PT404', hint = 'no-listing';
  end if;
end;
$$;

revoke execute on function public.business_require_manager(text,bigint) from public, anon, authenticated;

-- supabase/functions/business_set_colleague.sql
-- Adds a colleague (up to 10 people a listing) or removes one; the owner stays.
create or replace function public.business_set_colleague(p_email text, p_vendor_id bigint, p_colleague text, p_add boolean)
returns void language plpgsql security definer set search_path = '' as $$
declare
  v_colleague text := lower(trim(coalesce(p_colleague, '')));
begin
  perform public.business_require_manager(p_email, p_vendor_id);
  if not public.is_email_address(v_colleague) then
    raise exception 'Please enter a valid email address' using errcode = 'P0001', hint = 'email';
  end if;
  if p_add then
    if (select count(*) from public.vendor_managers m where m.vendor_id = p_vendor_id) >= 10 then
      raise exception 'A listing has at most 10 people' using errcode = 'P0001', hint = 'team-full';
    end if;
    insert into public.vendor_managers (vendor_id, email, role, added_by) values (p_vendor_id, v_colleague, 'colleague', lower(trim(p_email)))
    on conflict (vendor_id, email) do nothing;
  else
    if exists (select 1 from public.vendor_managers m where m.vendor_id = p_vendor_id and m.email = v_colleague and m.role = 'owner') then
      raise exception 'The owner cannot be removed' using errcode = 'P0001', hint = 'owner-stays';
    end if;
    delete from public.vendor_managers m where m.vendor_id = p_vendor_id and m.email = v_colleague;
  end if;
  perform public.audit('business ' || lower(trim(p_email)), case when p_add then 'add_colleague' else 'remove_colleague' end,
    'vendor ' || p_vendor_id, jsonb_build_object('email', v_colleague));
end;
$$;

revoke execute on function public.business_set_colleague(text,bigint,text,boolean) from public, anon, authenticated;
grant execute on function public.business_set_colleague(text,bigint,text,boolean) to service_role;

-- supabase/functions/business_set_lead_status.sql
-- A business's status of one of its listing's requests; lost and not a fit need a reason.
-- Contacted and quoted are responses: the first one sets the response time shown on the
-- listing's page, whose address is returned.
create or replace function public.business_set_lead_status(p_email text, p_vendor_id bigint, p_lead_id bigint, p_status text, p_reason text)
returns jsonb language plpgsql security definer set search_path = '' as $$
begin
  perform public.business_require_manager(p_email, p_vendor_id);
  if p_status is null or p_status not in ('contacted', 'quoted', 'won', 'lost', 'not_a_fit') then
    raise exception 'Unknown status' using errcode = 'P0001', hint = 'status';
  end if;
  if p_status in ('lost', 'not_a_fit') and length(trim(coalesce(p_reason, ''))) = 0 then
    raise exception 'Please give a reason' using errcode = 'P0001', hint = 'reason-missing';
  end if;
  if length(coalesce(p_reason, '')) > 500 then
    raise exception 'A field is too long' using errcode = 'P0001', hint = 'too-long';
  end if;
  update public.lead_recipients r set status = p_status, status_reason = nullif(trim(coalesce(p_reason, '')), ''), status_at = now(),
    responded_at = case when p_status in ('contacted', 'quoted') then coalesce(r.responded_at, now()) else r.responded_at end
  where r.lead_id = p_lead_id and r.vendor_id = p_vendor_id;
  if not found then
    raise exception 'No such request' using errcode = 'PT404', hint = 'no-request';
  end if;
  return public.vendor_address(p_vendor_id);
end;
$$;

revoke execute on function public.business_set_lead_status(text,bigint,bigint,text,text) from public, anon, authenticated;
grant execute on function public.business_set_lead_status(text,bigint,bigint,text,text) to service_role;

-- supabase/functions/rate_card_problem.sql
-- Why a rate card (as rate_card_json shapes it, without its date) cannot be stored, as
-- {code, message}, or null when it can. The same rules as the forms' schema (lib/prices/rate-card.ts); the
-- tables' checks hold them again.
create or replace function public.rate_card_problem(p_card jsonb)
returns jsonb language plpgsql immutable set search_path = '' as $$
declare
  k jsonb;
  f jsonb;
  seen text[] := '{}';
  day numeric;
  week numeric;
  four numeric;
  key text;
  hours_max int;
begin
  if jsonb_typeof(p_card) is distinct from 'object' or jsonb_typeof(p_card->'classes') is distinct from 'array'
     or jsonb_typeof(coalesce(p_card->'fees', '[]')) <> 'array' then
    return jsonb_build_object('code', 'rates-form', 'message', 'The rate card is not in the expected form');
  end if;
  if jsonb_array_length(p_card->'classes') = 0 then
    return jsonb_build_object('code', 'rates-none', 'message', 'Enter the rates of at least one machine class');
  end if;
  for k in select value from jsonb_array_elements(p_card->'classes') loop
    if k->>'class' is null or k->>'class' not in ('small', 'medium', 'large', 'track') or k->>'class' = any (seen) then
      return jsonb_build_object('code', 'rates-class', 'message', 'Unknown or repeated machine class');
    end if;
    seen := seen || (k->>'class');
    foreach key in array array['day', 'week', 'four_week', 'day_hours', 'week_hours', 'four_week_hours'] loop
      if jsonb_typeof(k->key) not in ('number', 'null') then
        return jsonb_build_object('code', 'rates-number', 'message', 'Rates and hours must be numbers');
      end if;
    end loop;
    if jsonb_typeof(k->'day') is distinct from 'number' then
      return jsonb_build_object('code', 'rates-day', 'message', 'Enter a day rate for each class you rent');
    end if;
    day := (k->>'day')::numeric;
    week := (k->>'week')::numeric;
    four := (k->>'four_week')::numeric;
    if day < 0 or week < 0 or four < 0 then
      return jsonb_build_object('code', 'rates-negative', 'message', 'Rates cannot be negative');
    end if;
    if day < 1 or week < 1 or four < 1 then
      return jsonb_build_object('code', 'rates-minimum', 'message', 'A rate must be at least $1');
    end if;
    if day > 10000 or week > 70000 or four > 280000 then
      return jsonb_build_object('code', 'rates-large', 'message', 'A rate is too large');
    end if;
    if week > 7 * day then
      return jsonb_build_object('code', 'rates-week', 'message', 'A week cannot cost more than 7 days');
    end if;
    if four > 4 * coalesce(week, 7 * day) then
      return jsonb_build_object('code', 'rates-four-week', 'message', 'A 4-week rate cannot cost more than 4 weeks');
    end if;
    foreach key in array array['day_hours', 'week_hours', 'four_week_hours'] loop
      hours_max := case key when 'day_hours' then 24 when 'week_hours' then 168 else 672 end;
      if k->key <> 'null' and ((k->>key)::numeric <> trunc((k->>key)::numeric) or (k->>key)::numeric not between 1 and hours_max) then
        return jsonb_build_object('code', 'rates-hours', 'message', 'Meter hours must be whole hours that fit in their period');
      end if;
    end loop;
  end loop;
  if p_card->'delivery' is not null and p_card->'delivery' <> 'null' then
    if jsonb_typeof(p_card->'delivery'->'fee') is distinct from 'number' or jsonb_typeof(p_card->'delivery'->'miles') is distinct from 'number'
       or jsonb_typeof(p_card->'delivery'->'per_mile') is distinct from 'number' then
      return jsonb_build_object('code', 'rates-delivery', 'message', 'Delivery needs a flat fee, its radius in miles and a rate per mile beyond');
    end if;
    if (p_card->'delivery'->>'fee')::numeric < 0 or (p_card->'delivery'->>'per_mile')::numeric < 0 then
      return jsonb_build_object('code', 'rates-delivery-negative', 'message', 'Delivery fees cannot be negative');
    end if;
    if (p_card->'delivery'->>'fee')::numeric > 10000 or (p_card->'delivery'->>'per_mile')::numeric > 100 then
      return jsonb_build_object('code', 'rates-delivery-large', 'message', 'A delivery fee is too large');
    end if;
    if (p_card->'delivery'->>'miles')::numeric not between 0 and 500 or (p_card->'delivery'->>'miles')::numeric <> trunc((p_card->'delivery'->>'miles')::numeric) then
      return jsonb_build_object('code', 'rates-radius', 'message', 'The flat-fee delivery radius must be 0 to 500 whole miles');
    end if;
  end if;
  if p_card->'waiver_percent' is not null and p_card->'waiver_percent' <> 'null'
     and (jsonb_typeof(p_card->'waiver_percent') <> 'number' or (p_card->>'waiver_percent')::numeric not between 0 and 50) then
    return jsonb_build_object('code', 'rates-waiver', 'message', 'The damage waiver must be 0 to 50 %');
  end if;
  if jsonb_array_length(coalesce(p_card->'fees', '[]')) > 5 then
    return jsonb_build_object('code', 'rates-fee-count', 'message', 'A rate card has at most 5 other fees');
  end if;
  for f in select value from jsonb_array_elements(coalesce(p_card->'fees', '[]')) loop
    if jsonb_typeof(f->'label') is distinct from 'string' or length(trim(f->>'label')) not between 2 and 60
       or ((f ? 'percent') = (f ? 'amount')) then
      return jsonb_build_object('code', 'rates-fee', 'message', 'Each fee needs a label of 2 to 60 characters and either a percentage or an amount');
    end if;
    if jsonb_typeof(coalesce(f->'percent', f->'amount')) <> 'number' then
      return jsonb_build_object('code', 'rates-number', 'message', 'Rates and hours must be numbers');
    end if;
    if (coalesce(f->>'percent', f->>'amount'))::numeric < 0 then
      return jsonb_build_object('code', 'rates-fee-negative', 'message', 'Fees cannot be negative');
    end if;
    if (f->>'percent')::numeric > 30 or (f->>'amount')::numeric > 5000 then
      return jsonb_build_object('code', 'rates-fee-large', 'message', 'A fee is at most 30 % or $5,000');
    end if;
  end loop;
  return null;
end;
$$;

revoke execute on function public.rate_card_problem(jsonb) from public, anon, authenticated;

-- supabase/functions/set_rate_card.sql
-- Stores a vendor's rate card, confirmed today (replacing any earlier one), or removes it
-- when p_card is null. A card stored here is the business's own, never sample data.
create or replace function public.set_rate_card(p_vendor_id bigint, p_card jsonb, p_updated_by text)
returns void language plpgsql security definer set search_path = '' as $$
declare
  problem jsonb;
begin
  if not exists (select 1 from public.vendors v where v.id = p_vendor_id) then
    raise exception 'No such vendor' using errcode = 'PT404', hint = 'no-record';
  end if;
  if p_card is null or p_card = 'null' then
    delete from public.rate_cards r where r.vendor_id = p_vendor_id;
    return;
  end if;
  problem := public.rate_card_problem(p_card);
  if problem is not null then
    raise exception '%', problem->>'message' using errcode = 'P0001', hint = problem->>'code';
  end if;
  insert into public.rate_cards (vendor_id, delivery_fee, delivery_miles, delivery_per_mile, waiver_percent, published, sample, confirmed_on, updated_by, updated_at)
  values (p_vendor_id, (p_card->'delivery'->>'fee')::numeric, (p_card->'delivery'->>'miles')::int, (p_card->'delivery'->>'per_mile')::numeric,
          (p_card->>'waiver_percent')::numeric, coalesce((p_card->>'published')::boolean, true), false, current_date, p_updated_by, now())
  on conflict (vendor_id) do update set delivery_fee = excluded.delivery_fee, delivery_miles = excluded.delivery_miles,
    delivery_per_mile = excluded.delivery_per_mile, waiver_percent = excluded.waiver_percent, published = excluded.published,
    sample = false, confirmed_on = current_date, updated_by = excluded.updated_by, updated_at = now();
  delete from public.rate_card_classes k where k.vendor_id = p_vendor_id;
  insert into public.rate_card_classes (vendor_id, class, day_rate, week_rate, four_week_rate, day_hours, week_hours, four_week_hours)
  select p_vendor_id, k->>'class', (k->>'day')::numeric, (k->>'week')::numeric, (k->>'four_week')::numeric,
         (k->>'day_hours')::int, (k->>'week_hours')::int, (k->>'four_week_hours')::int
  from jsonb_array_elements(p_card->'classes') k;
  delete from public.rate_card_fees f where f.vendor_id = p_vendor_id;
  insert into public.rate_card_fees (vendor_id, position, label, percent, amount)
  select p_vendor_id, n, trim(f->>'label'), (f->>'percent')::numeric, (f->>'amount')::numeric
  from jsonb_array_elements(coalesce(p_card->'fees', '[]')) with ordinality x(f, n);
end;
$$;

revoke execute on function public.set_rate_card(bigint,jsonb,text) from public, anon, authenticated;

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
    raise exception 'Please enter a valid email address' using errcode = 'P0001', hint = 'email';
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

revoke execute on function public.business_sign_in_start(text,text,text) from public, anon, authenticated;
grant execute on function public.business_sign_in_start(text,text,text) to service_role;

-- supabase/functions/operator_update_vendor.sql
-- Applies the given fields (name, site, email, phone, street, hours, description, photo,
-- service_zips) after checking each; records what changed. Returns the vendor's address.
create or replace function public.operator_update_vendor(p_id bigint, p_changes jsonb, p_operator text)
returns jsonb language plpgsql security definer set search_path = '' as $$
declare
  before jsonb := public.operator_vendor(p_id);
  after_ jsonb;
  zips text[];
  unknown text;
  changed jsonb := '{}'::jsonb;
  k text;
begin
  if before is null then
    raise exception 'No such vendor' using errcode = 'PT404', hint = 'no-record';
  end if;
  if p_changes ? 'name' and length(trim(coalesce(p_changes->>'name', ''))) not between 2 and 200 then
    raise exception 'Name must be 2 to 200 characters' using errcode = 'P0001', hint = 'listing-name';
  end if;
  if p_changes ? 'phone' and length(trim(coalesce(p_changes->>'phone', ''))) not between 10 and 30 then
    raise exception 'Please enter a valid phone number' using errcode = 'P0001', hint = 'phone';
  end if;
  if p_changes ? 'site' and nullif(trim(p_changes->>'site'), '') is not null
     and trim(p_changes->>'site') !~* '^(https?://)?([a-z0-9](-?[a-z0-9])*\.)+[a-z]{2,}(/\S*)?$' then
    raise exception 'Please enter a valid website URL (e.g. example.com)' using errcode = 'P0001', hint = 'website';
  end if;
  if p_changes ? 'email' and nullif(trim(p_changes->>'email'), '') is not null and not public.is_email_address(lower(trim(p_changes->>'email'))) then
    raise exception 'Please enter a valid email address' using errcode = 'P0001', hint = 'email';
  end if;
  if p_changes ? 'photo' and nullif(trim(p_changes->>'photo'), '') is not null and trim(p_changes->>'photo') !~* '^https://\S+$' then
    raise exception 'The photo must be an https:// address' using errcode = 'P0001', hint = 'photo';
  end if;
  if length(coalesce(p_changes->>'street', '')) > 300 or length(coalesce(p_changes->>'hours', '')) > 300
     or length(coalesce(p_changes->>'description', '')) > 5000 then
    raise exception 'A field is too long' using errcode = 'P0001', hint = 'too-long';
  end if;
  if p_changes ? 'service_zips' then
    select array_agg(distinct z) into zips from jsonb_array_elements_text(p_changes->'service_zips') z;
    select z into unknown from unnest(coalesce(zips, '{}')) z
    where z !~ '^[0-9]{5}$' or not exists (select 1 from public.postcodes p where p.code = z) limit 1;
    if unknown is not null then
      raise exception 'Unknown ZIP code: %', unknown using errcode = 'P0001', hint = 'zip';
    end if;
  end if;
  update public.vendors v set
    name = case when p_changes ? 'name' then trim(p_changes->>'name') else v.name end,
    phone = case when p_changes ? 'phone' then trim(p_changes->>'phone') else v.phone end,
    site = case when p_changes ? 'site' then nullif(trim(p_changes->>'site'), '') else v.site end,
    email = case when p_changes ? 'email' then lower(nullif(trim(p_changes->>'email'), '')) else v.email end,
    street = case when p_changes ? 'street' then nullif(trim(p_changes->>'street'), '') else v.street end,
    photo = case when p_changes ? 'photo' then nullif(trim(p_changes->>'photo'), '') else v.photo end,
    hours = case when p_changes ? 'hours' then nullif(trim(p_changes->>'hours'), '') else v.hours end,
    updated_at = now()
  where v.id = p_id;
  if p_changes ? 'description' then
    insert into public.vendors_additionaldetails (vendor_id, description) values (p_id, nullif(trim(p_changes->>'description'), ''))
    on conflict (vendor_id) do update set description = excluded.description;
  end if;
  if p_changes ? 'service_zips' then
    delete from public.vendors_serviced s where s.vendor_id = p_id;
    insert into public.vendors_serviced (vendor_id, postcode_id)
    select p_id, p.id from public.postcodes p where p.code = any (zips);
  end if;
  after_ := public.operator_vendor(p_id);
  for k in select jsonb_object_keys(p_changes) loop
    if before->k is distinct from after_->k then
      changed := changed || jsonb_build_object(k, jsonb_build_object('from', before->k, 'to', after_->k));
    end if;
  end loop;
  if changed <> '{}'::jsonb then
    perform public.audit(p_operator, 'edit', 'vendor ' || p_id, changed);
  end if;
  return public.vendor_address(p_id);
end;
$$;

revoke execute on function public.operator_update_vendor(bigint,jsonb,text) from public, anon, authenticated;
grant execute on function public.operator_update_vendor(bigint,jsonb,text) to service_role;

-- supabase/functions/business_update_vendor.sql
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
  if p_changes ? 'name' and trim(p_changes->>'name') is distinct from v.name then
    if length(trim(coalesce(p_changes->>'name', ''))) not between 2 and 200 then
      raise exception 'Name must be 2 to 200 characters' using errcode = 'P0001', hint = 'listing-name';
    end if;
    wanted := wanted || jsonb_build_object('name', trim(p_changes->>'name'));
  end if;
  if p_changes ? 'site' and nullif(trim(p_changes->>'site'), '') is not null
     and public.normalize_website(p_changes->>'site') is distinct from v.site then
    if public.normalize_website(p_changes->>'site') is null then
      raise exception 'Please enter a valid website URL (e.g. example.com)' using errcode = 'P0001', hint = 'website';
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
              where c.key in ('phone', 'email', 'street', 'hours', 'description', 'photo', 'service_zips')), '{}'::jsonb),
    actor);
end;
$$;

revoke execute on function public.business_update_vendor(text,bigint,jsonb) from public, anon, authenticated;
grant execute on function public.business_update_vendor(text,bigint,jsonb) to service_role;

-- supabase/functions/check_job_zip.sql
-- The job ZIP must be a US ZIP we know.
create or replace function public.check_job_zip(p_zip text)
returns void language plpgsql stable set search_path = '' as $$
begin
  if p_zip is null or p_zip !~ '^[0-9]{5}$' or not exists (select 1 from public.postcodes p where p.code = p_zip) then
    raise exception 'Please enter a valid US ZIP code for the job site' using errcode = 'P0001', hint = 'job-zip';
  end if;
end;
$$;

revoke execute on function public.check_job_zip(text) from public, anon, authenticated;

-- supabase/functions/check_rental_dates.sql
-- Refuses rental dates outside the window rental_date_window gives, or an end not after the start.
create or replace function public.check_rental_dates(p_start date, p_end date)
returns void language plpgsql stable set search_path = '' as $$
declare w record;
begin
  select * into w from public.rental_date_window();
  if p_start is not null and p_start < w.earliest then
    raise exception 'The start date cannot be in the past' using errcode = 'P0001', hint = 'start-past';
  end if;
  if p_start is not null and p_start > w.latest then
    raise exception 'The start date cannot be more than one year ahead' using errcode = 'P0001', hint = 'start-far';
  end if;
  if p_end is not null and p_end > w.latest then
    raise exception 'The end date cannot be more than one year ahead' using errcode = 'P0001', hint = 'end-far';
  end if;
  if p_start is not null and p_end is not null and p_end <= p_start then
    raise exception 'The end date must be after the start date' using errcode = 'P0001', hint = 'end-before-start';
  end if;
end;
$$;

revoke execute on function public.check_rental_dates(date,date) from public, anon, authenticated;

-- supabase/functions/owned_open_lead.sql
-- The draft's id when p_owner_token is its owner's and it is not completed; refuses otherwise.
create or replace function public.owned_open_lead(p_lead_id bigint, p_owner_token text)
returns bigint language plpgsql stable set search_path = '' as $$
declare found_id bigint;
begin
  select l.id into found_id from public.leads l
  where l.id = p_lead_id and not l.completed
    and l.owner_token_hash = encode(sha256(convert_to(coalesce(p_owner_token, ''), 'UTF8')), 'hex');
  if found_id is null then
    raise exception 'Rental request not found' using errcode = 'PT404', hint = 'no-request';
  end if;
  return found_id;
end;
$$;

revoke execute on function public.owned_open_lead(bigint,text) from public, anon, authenticated;

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

revoke execute on function public.complete_lead(bigint,text,text,date,date,text,text,text,boolean,boolean,text) from public, anon, authenticated;
grant execute on function public.complete_lead(bigint,text,text,date,date,text,text,text,boolean,boolean,text) to service_role;

-- supabase/functions/create_lead.sql
-- Starts a draft rental request for the browser holding p_owner_token (its hash is stored),
-- within the per-client hourly limit; returns its id.
create or replace function public.create_lead(p_owner_token text, p_client_key text default null, p_vendor_id bigint default null)
returns bigint language plpgsql security definer set search_path = '' as $$
declare
  v_name text;
  new_id bigint;
begin
  if p_owner_token is null or length(p_owner_token) < 32 or length(p_owner_token) > 128 then
    raise exception 'Invalid owner token' using errcode = 'P0001', hint = 'owner-token';
  end if;
  if length(p_client_key) > 128 then
    raise exception 'Invalid client key' using errcode = 'P0001', hint = 'client-key';
  end if;
  if p_vendor_id is not null then
    select v.name into v_name from public.vendors v where v.id = p_vendor_id;
    if v_name is null then
      raise exception 'Unknown vendor' using errcode = 'P0001', hint = 'no-record';
    end if;
  end if;
  perform public.count_write_attempt('lead', p_client_key, interval '1 hour', 30,
    'Too many rental requests from your connection. Please try again later.');
  insert into public.leads (vendor_id, vendor_name, step, location, name, phone, rental_days, owner_token_hash, client_key)
  values (p_vendor_id, v_name, 1, 'pending', '', '', 1,
          encode(sha256(convert_to(p_owner_token, 'UTF8')), 'hex'), p_client_key)
  returning id into new_id;
  return new_id;
end;
$$;

revoke execute on function public.create_lead(text,text,bigint) from public, anon, authenticated;
grant execute on function public.create_lead(text,text,bigint) to service_role;

-- supabase/functions/import_vendor_row.sql
-- One CSV row: creates (listed now) or updates the vendor with its normalized website, and
-- its rate card when the row has one (confirmed today), or says why not.
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
  v_card jsonb := case when jsonb_typeof(r->'rate_card') = 'object' then r->'rate_card' end;
  card_before jsonb;
  problem jsonb := public.rate_card_problem(v_card);
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
  if v_card is not null and problem is not null then
    return jsonb_build_object('action', 'rejected', 'reason', 'rates: ' || (problem->>'message'));
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
    if v_card is not null then
      perform public.set_rate_card(v_id, v_card, 'import');
    end if;
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
  if v_card is not null then
    card_before := public.rate_card_json(v_id) - 'confirmed_on';
    perform public.set_rate_card(v_id, v_card, 'import');
    changed := changed or card_before is distinct from public.rate_card_json(v_id) - 'confirmed_on';
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
    raise exception 'No such recipient' using errcode = 'PT404', hint = 'no-record';
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

revoke execute on function public.lead_email_links(bigint,bigint,text,text,text) from public, anon, authenticated;
grant execute on function public.lead_email_links(bigint,bigint,text,text,text) to service_role;

-- supabase/functions/normalize_site_column.sql
-- Trigger: stores a vendor's website normalized (normalize_website), refusing one with no valid host.
create or replace function public.normalize_site_column()
returns trigger language plpgsql set search_path = '' as $$
begin
  if new.site is not null then
    new.site := public.normalize_website(new.site);
    if new.site is null then
      raise exception 'Please enter a valid website URL (e.g. example.com)' using errcode = 'P0001', hint = 'website';
    end if;
  end if;
  return new;
end;
$$;

revoke execute on function public.normalize_site_column() from public, anon, authenticated;

-- supabase/functions/operator_add.sql
-- Creates an operator account, or sets a new password hash for one (ending its sessions).
create or replace function public.operator_add(p_email text, p_password_hash text)
returns bigint language plpgsql security definer set search_path = '' as $$
declare new_id bigint;
begin
  if not public.is_email_address(lower(trim(coalesce(p_email, '')))) then
    raise exception 'Please enter a valid email address' using errcode = 'P0001', hint = 'email';
  end if;
  insert into public.operators (email, password_hash) values (lower(trim(p_email)), p_password_hash)
  on conflict (email) do update set password_hash = excluded.password_hash
  returning id into new_id;
  delete from public.sessions s where s.role = 'operator' and s.subject = lower(trim(p_email));
  perform public.audit('shell', 'operator_add', lower(trim(p_email)));
  return new_id;
end;
$$;

revoke execute on function public.operator_add(text,text) from public, anon, authenticated;
grant execute on function public.operator_add(text,text) to service_role;

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
    insert into public.lead_messages (kind, vendor_id, channel, recipient, payload)
    values ('listing_live', v_vendor, 'email', sub.email, jsonb_build_object('name', sub.name, 'address', public.vendor_address(v_vendor)));
  end if;
  return public.vendor_address(v_vendor);
end;
$$;

revoke execute on function public.operator_approve_submission(bigint,text) from public, anon, authenticated;
grant execute on function public.operator_approve_submission(bigint,text) to service_role;

-- supabase/functions/operator_import_batch.sql
-- Imports (or dry-runs) a batch of vendor CSV rows in one transaction; returns each row's outcome.
create or replace function public.operator_import_batch(p_rows jsonb, p_dry_run boolean)
returns jsonb language plpgsql security definer set search_path = '' as $$
declare
  results jsonb[] := '{}';
  r jsonb;
begin
  if jsonb_typeof(p_rows) <> 'array' or jsonb_array_length(p_rows) > 100 then
    raise exception 'An import batch holds at most 100 rows' using errcode = 'P0001', hint = 'import-size';
  end if;
  begin
    for r in select value from jsonb_array_elements(p_rows) loop
      results := results || public.import_vendor_row(r);
    end loop;
    if p_dry_run then
      raise exception 'dry run' using errcode = 'PTDRY';
    end if;
  exception when sqlstate 'PTDRY' then
    null; -- the dry run's writes are rolled back; its results stay
  end;
  return to_jsonb(results);
end;
$$;

revoke execute on function public.operator_import_batch(jsonb,boolean) from public, anon, authenticated;
grant execute on function public.operator_import_batch(jsonb,boolean) to service_role;

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
    update public.lead_messages m set status = 'failed', last_error = 'marked as spam', claim_id = null, claimed_until = null
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
  update public.lead_messages m set status = 'pending', attempts = 0, next_attempt_at = now(),
    claim_id = null, claimed_until = null, last_error = null
  where m.lead_id = p_id;
  get diagnostics queued = row_count;
  perform public.audit(p_operator, 'resend', 'lead ' || p_id, jsonb_build_object('messages', queued));
  return queued;
end;
$$;

revoke execute on function public.operator_resend_lead(bigint,text) from public, anon, authenticated;
grant execute on function public.operator_resend_lead(bigint,text) to service_role;

-- supabase/functions/operator_review_change.sql
-- Applies a requested change (checked as the operator's own edits are) or rejects it.
create or replace function public.operator_review_change(p_id bigint, p_approve boolean, p_reason text, p_operator text)
returns void language plpgsql security definer set search_path = '' as $$
declare
  request public.vendor_change_requests;
begin
  select * into request from public.vendor_change_requests c where c.id = p_id and c.status = 'new' for update;
  if request.id is null then
    raise exception 'No new change with this id' using errcode = 'PT409', hint = 'reviewed';
  end if;
  if p_approve then
    perform public.operator_update_vendor(request.vendor_id, request.changes, p_operator);
  end if;
  update public.vendor_change_requests c set status = case when p_approve then 'approved' else 'rejected' end,
    review_reason = nullif(left(trim(coalesce(p_reason, '')), 500), ''), reviewed_by = p_operator, reviewed_at = now()
  where c.id = p_id;
end;
$$;

revoke execute on function public.operator_review_change(bigint,boolean,text,text) from public, anon, authenticated;
grant execute on function public.operator_review_change(bigint,boolean,text,text) to service_role;

-- supabase/functions/operator_review_claim.sql
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
    raise exception 'No new claim with this id' using errcode = 'PT409', hint = 'reviewed';
  end if;
  if not p_approve and length(trim(coalesce(p_reason, ''))) = 0 then
    raise exception 'Please give a reason for the rejection' using errcode = 'P0001', hint = 'reason-missing';
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

revoke execute on function public.operator_review_claim(bigint,boolean,text,text) from public, anon, authenticated;
grant execute on function public.operator_review_claim(bigint,boolean,text,text) to service_role;

-- supabase/functions/operator_review_submission.sql
-- Marks a new business submission rejected (with a reason) or a duplicate, in the audit log.
create or replace function public.operator_review_submission(p_id bigint, p_status text, p_reason text, p_operator text)
returns void language plpgsql security definer set search_path = '' as $$
begin
  if p_status not in ('rejected', 'duplicate') then
    raise exception 'Unknown review outcome' using errcode = 'P0001', hint = 'unknown-outcome';
  end if;
  if p_status = 'rejected' and length(trim(coalesce(p_reason, ''))) < 3 then
    raise exception 'Please give a reason for the rejection' using errcode = 'P0001', hint = 'reason-missing';
  end if;
  if length(p_reason) > 500 then
    raise exception 'The reason is too long' using errcode = 'P0001', hint = 'too-long';
  end if;
  update public.vendors_submissions s set status = p_status, review_reason = nullif(trim(p_reason), ''),
    reviewed_at = now(), reviewed_by = p_operator
  where s.id = p_id and s.status = 'new';
  if not found then
    raise exception 'No new submission with this id' using errcode = 'PT409', hint = 'reviewed';
  end if;
  perform public.audit(p_operator, case p_status when 'rejected' then 'reject' else 'duplicate' end, 'submission ' || p_id,
                       jsonb_build_object('reason', nullif(trim(p_reason), '')));
end;
$$;

revoke execute on function public.operator_review_submission(bigint,text,text,text) from public, anon, authenticated;
grant execute on function public.operator_review_submission(bigint,text,text,text) to service_role;

-- supabase/functions/operator_revoke_manager.sql
-- Revokes a person's access to a listing; revoking the owner un-claims it.
create or replace function public.operator_revoke_manager(p_vendor_id bigint, p_email text, p_operator text)
returns void language plpgsql security definer set search_path = '' as $$
declare
  revoked public.vendor_managers;
begin
  delete from public.vendor_managers m where m.vendor_id = p_vendor_id and m.email = lower(trim(coalesce(p_email, ''))) returning * into revoked;
  if revoked.email is null then
    raise exception 'No such person on this listing' using errcode = 'PT404', hint = 'no-person';
  end if;
  if revoked.role = 'owner' then
    update public.vendors v set claimed_at = null, updated_at = now() where v.id = p_vendor_id;
  end if;
  perform public.audit(p_operator, 'revoke_manager', 'vendor ' || p_vendor_id, jsonb_build_object('email', revoked.email, 'role', revoked.role));
end;
$$;

revoke execute on function public.operator_revoke_manager(bigint,text,text) from public, anon, authenticated;
grant execute on function public.operator_revoke_manager(bigint,text,text) to service_role;

-- supabase/functions/operator_set_vendor_hidden.sql
-- Hides a listing from the public pages, or shows it again; returns its address.
create or replace function public.operator_set_vendor_hidden(p_id bigint, p_hidden boolean, p_operator text)
returns jsonb language plpgsql security definer set search_path = '' as $$
begin
  update public.vendors v set hidden = p_hidden, updated_at = now() where v.id = p_id;
  if not found then
    raise exception 'No such vendor' using errcode = 'PT404', hint = 'no-record';
  end if;
  perform public.audit(p_operator, case when p_hidden then 'hide' else 'unhide' end, 'vendor ' || p_id);
  return public.vendor_address(p_id);
end;
$$;

revoke execute on function public.operator_set_vendor_hidden(bigint,boolean,text) from public, anon, authenticated;
grant execute on function public.operator_set_vendor_hidden(bigint,boolean,text) to service_role;

-- supabase/functions/renter_status_link.sql
-- Stores the hash of the status link that the renter's copy of a request carries, minted
-- when the email is rendered: it opens that request's status page for 90 days.
create or replace function public.renter_status_link(p_lead_id bigint, p_token_hash text)
returns void language plpgsql security definer set search_path = '' as $$
declare
  v_email text;
begin
  select l.renter_email into v_email from public.leads l where l.id = p_lead_id and l.completed and l.renter_email is not null;
  if v_email is null then
    raise exception 'No such request' using errcode = 'PT404', hint = 'no-request';
  end if;
  insert into public.auth_links (token_hash, purpose, email, lead_id, expires_at)
  values (p_token_hash, 'lead_status', v_email, p_lead_id, now() + interval '90 days');
end;
$$;

revoke execute on function public.renter_status_link(bigint,text) from public, anon, authenticated;
grant execute on function public.renter_status_link(bigint,text) to service_role;

-- supabase/functions/submit_vendor.sql
-- A business submission from the public form, checked again here, within the per-client daily limit.
create or replace function public.submit_vendor(
  p_name text, p_site text, p_phone text, p_address text, p_state text, p_city text,
  p_zipcode text, p_client_key text, p_email text default null)
returns bigint language plpgsql security definer set search_path = '' as $$
declare
  v_state_id bigint;
  new_id bigint;
  new_cid text;
begin
  if length(trim(coalesce(p_name, ''))) < 2 then
    raise exception 'Business name must be at least 2 characters' using errcode = 'P0001', hint = 'business-name';
  end if;
  if length(trim(coalesce(p_site, ''))) < 4 then
    raise exception 'Website URL is too short' using errcode = 'P0001', hint = 'website';
  end if;
  if trim(p_site) !~* '^(https?://)?([a-z0-9](-?[a-z0-9])*\.)+[a-z]{2,}(/\S*)?$' then
    raise exception 'Please enter a valid website URL (e.g. example.com)' using errcode = 'P0001', hint = 'website';
  end if;
  if length(trim(coalesce(p_phone, ''))) < 10 then
    raise exception 'Please enter a valid phone number' using errcode = 'P0001', hint = 'phone';
  end if;
  if length(trim(coalesce(p_address, ''))) < 5 then
    raise exception 'Please enter a valid address' using errcode = 'P0001', hint = 'address';
  end if;
  if length(coalesce(p_zipcode, '')) < 5 then
    raise exception 'Please enter a valid ZIP code' using errcode = 'P0001', hint = 'zipcode';
  end if;
  if nullif(trim(p_email), '') is not null and not public.is_email_address(trim(p_email)) then
    raise exception 'Please enter a valid email address' using errcode = 'P0001', hint = 'email';
  end if;
  if length(p_name) > 200 or length(p_site) > 300 or length(p_phone) > 30
     or length(p_address) > 300 or length(p_zipcode) > 10 then
    raise exception 'A field is too long' using errcode = 'P0001', hint = 'too-long';
  end if;
  select s.id into v_state_id from public.states s where s.country_id = 1 and s.slug = p_state;
  if v_state_id is null then
    raise exception 'Please select a state' using errcode = 'P0001', hint = 'state';
  end if;
  if not exists (select 1 from public.cities c where c.state_id = v_state_id and c.slug = p_city) then
    raise exception 'Please select a city' using errcode = 'P0001', hint = 'city';
  end if;
  new_cid := public.submission_cid(trim(p_site));
  if exists (select 1 from public.vendors_submissions s where s.cid = new_cid) then
    raise exception 'This website has already been submitted and is under review.' using errcode = 'PT409', hint = 'website-submitted';
  end if;
  perform public.count_write_attempt('submission', p_client_key, interval '1 day', 5,
    'Too many submissions from your connection today. Please try again tomorrow.');
  insert into public.vendors_submissions
    (name, name_for_emails, site, phone, email, full_address, street, city, postal_code, state, cid, client_key)
  values (trim(p_name), public.name_for_emails(p_name), trim(p_site), trim(p_phone), lower(nullif(trim(p_email), '')),
          trim(p_address), trim(p_address), p_city, trim(p_zipcode), p_state, new_cid, p_client_key)
  returning id into new_id;
  return new_id;
end;
$$;

revoke execute on function public.submit_vendor(text,text,text,text,text,text,text,text,text) from public, anon, authenticated;
grant execute on function public.submit_vendor(text,text,text,text,text,text,text,text,text) to service_role;

-- supabase/functions/update_lead.sql
-- Saves one step's or field's change to the browser's own draft rental request.
create or replace function public.update_lead(
  p_lead_id bigint, p_owner_token text, p_step int,
  p_skid_steer_type text default null, p_rental_start_date date default null,
  p_rental_end_date date default null, p_name text default null, p_phone text default null,
  p_location text default null, p_widen boolean default null)
returns void language plpgsql security definer set search_path = '' as $$
declare lead_id bigint;
begin
  lead_id := public.owned_open_lead(p_lead_id, p_owner_token);
  if p_step is null or p_step not between 1 and 3 then
    raise exception 'Step must be 1, 2 or 3' using errcode = 'P0001', hint = 'lead-step';
  end if;
  if p_skid_steer_type is not null and p_skid_steer_type not in ('wheeled', 'tracked') then
    raise exception 'Skid steer type must be wheeled or tracked' using errcode = 'P0001', hint = 'machine-type';
  end if;
  if length(p_name) > 100 then
    raise exception 'Name is too long' using errcode = 'P0001', hint = 'too-long';
  end if;
  if length(p_phone) > 30 then
    raise exception 'Phone number is too long' using errcode = 'P0001', hint = 'too-long';
  end if;
  if p_location is not null then
    perform public.check_job_zip(p_location);
  end if;
  perform public.check_rental_dates(p_rental_start_date, p_rental_end_date);
  update public.leads l set
    step = p_step,
    skid_steer_type = coalesce(p_skid_steer_type, l.skid_steer_type),
    rental_start_date = coalesce(p_rental_start_date, l.rental_start_date),
    rental_end_date = coalesce(p_rental_end_date, l.rental_end_date),
    name = coalesce(p_name, l.name),
    phone = coalesce(p_phone, l.phone),
    location = coalesce(p_location, l.location),
    widen = coalesce(p_widen, l.widen),
    updated_at = now()
  where l.id = lead_id;
end;
$$;

revoke execute on function public.update_lead(bigint,text,integer,text,date,date,text,text,text,boolean) from public, anon, authenticated;
grant execute on function public.update_lead(bigint,text,integer,text,date,date,text,text,text,boolean) to service_role;

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
  update public.lead_messages m set status = 'failed', last_error = 'withdrawn by the renter', claim_id = null, claimed_until = null
  where m.lead_id = p_lead_id and m.kind = 'lead' and m.status in ('pending', 'sending');
end;
$$;

revoke execute on function public.withdraw_lead(bigint,text,text) from public, anon, authenticated;
grant execute on function public.withdraw_lead(bigint,text,text) to service_role;
