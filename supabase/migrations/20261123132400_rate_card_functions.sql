-- Written by npm run db:migration from supabase/functions/ (edit those files, not this one).

-- supabase/functions/rate_card_json.sql
-- A vendor's rate card as pages and estimates read it, or null: its classes (small,
-- medium, large, track, in that order), delivery (null: no delivery), damage waiver (null:
-- not offered), fees, when it was confirmed and whether it is sample data. Runs as the
-- caller, so visitors see only published cards of listed vendors.
create or replace function public.rate_card_json(p_vendor_id bigint)
returns jsonb language sql stable set search_path = '' as $$
  select jsonb_build_object(
    'classes', coalesce((
      select jsonb_agg(jsonb_build_object('class', k.class, 'day', k.day_rate, 'week', k.week_rate, 'four_week', k.four_week_rate,
               'day_hours', k.day_hours, 'week_hours', k.week_hours, 'four_week_hours', k.four_week_hours)
             order by array_position(array['small', 'medium', 'large', 'track'], k.class))
      from public.rate_card_classes k where k.vendor_id = r.vendor_id), '[]'::jsonb),
    'delivery', case when r.delivery_fee is not null then
      jsonb_build_object('fee', r.delivery_fee, 'miles', r.delivery_miles, 'per_mile', r.delivery_per_mile) end,
    'waiver_percent', r.waiver_percent,
    'fees', coalesce((
      select jsonb_agg(jsonb_strip_nulls(jsonb_build_object('label', f.label, 'percent', f.percent, 'amount', f.amount)) order by f.position)
      from public.rate_card_fees f where f.vendor_id = r.vendor_id), '[]'::jsonb),
    'confirmed_on', r.confirmed_on, 'sample', r.sample, 'published', r.published)
  from public.rate_cards r where r.vendor_id = p_vendor_id;
$$;

-- The lowest day rate of a vendor's readable card, for "from $X/day" and sorting by price.
create or replace function public.lowest_day_rate(p_vendor_id bigint)
returns numeric language sql stable set search_path = '' as $$
  select min(k.day_rate) from public.rate_card_classes k
  join public.rate_cards r on r.vendor_id = k.vendor_id
  where k.vendor_id = p_vendor_id;
$$;

-- Straight-line miles from a vendor's home city to a ZIP code's city; null for an unknown ZIP.
create or replace function public.vendor_miles_to_zip(p_vendor_id bigint, p_zip text)
returns double precision language sql stable set search_path = '' as $$
  select round(public.distance_miles(jc.latitude, jc.longitude, vc.latitude, vc.longitude)::numeric, 1)::double precision
  from public.vendors v
  join public.postcodes vp on vp.id = v.postcode_id
  join public.cities vc on vc.id = vp.city_id
  cross join public.postcodes jp
  join public.cities jc on jc.id = jp.city_id
  where v.id = p_vendor_id and jp.code = p_zip;
$$;

revoke execute on function public.rate_card_json(bigint), public.lowest_day_rate(bigint), public.vendor_miles_to_zip(bigint, text) from public;
grant execute on function public.rate_card_json(bigint), public.lowest_day_rate(bigint), public.vendor_miles_to_zip(bigint, text)
  to anon, authenticated, service_role;

-- supabase/functions/business_listings.sql
-- The listings an address manages, each with what the business may edit (its rate card
-- included) and its people.
create or replace function public.business_listings(p_email text)
returns jsonb language sql stable security definer set search_path = '' as $$
  select coalesce(jsonb_agg(public.operator_vendor(m.vendor_id) || jsonb_build_object(
      'role', m.role,
      'leads_paused', (select v.leads_paused_at is not null from public.vendors v where v.id = m.vendor_id),
      'hours', (select v.hours from public.vendors v where v.id = m.vendor_id),
      'rates', public.rate_card_json(m.vendor_id),
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

-- supabase/functions/vendor_card.sql
-- A vendor card with the slugs of its home location, for links, whether the business has
-- claimed the listing, whether it went public in the last 30 days ("New"), and its lowest
-- published day rate ("from $X/day"), marked when it is sample data.
create or replace function public.vendor_card(v public.vendors)
returns jsonb language sql stable set search_path = '' as $$
  select jsonb_build_object(
    'id', v.id, 'name', v.name, 'slug', v.slug, 'phone', v.phone, 'site', v.site,
    'full_address', v.full_address, 'rating', v.rating, 'photo', v.photo,
    'city_name', c.name, 'city_slug', c.slug, 'state_slug', st.slug, 'state_code', st.code,
    'country_slug', co.slug, 'claimed', v.claimed_at is not null, 'new', coalesce(v.listed_at > now() - interval '30 days', false),
    'from_day', public.lowest_day_rate(v.id),
    'rates_sample', (select r.sample from public.rate_cards r where r.vendor_id = v.id))
  from public.postcodes p
  join public.cities c on c.id = p.city_id
  join public.states st on st.id = c.state_id
  join public.countries co on co.id = st.country_id
  where p.id = v.postcode_id;
$$;

revoke execute on function public.vendor_card(public.vendors) from public;
grant execute on function public.vendor_card(public.vendors) to anon, authenticated, service_role;

-- supabase/functions/city_prices.sql
-- A city's price comparison for one machine class: the place, whether the ZIP is known,
-- and up to 200 of the vendors serving the city whose published card rents that class
-- (lowest day rate first), each with its card and its miles to the ZIP; plus how many of
-- the city's vendors publish no rates for the class. Estimates are computed from this.
create or replace function public.city_prices(p_country_slug text, p_state_slug text, p_city_slug text, p_zip text, p_class text)
returns jsonb language sql stable set search_path = '' as $$
  with place as (
    select c.id as city_id, c.name as city_name, c.slug as city_slug, st.name as state_name, st.slug as state_slug,
           st.code as state_code, co.name as country_name, co.slug as country_slug
    from public.cities c
    join public.states st on st.id = c.state_id
    join public.countries co on co.id = st.country_id
    where co.slug = lower(p_country_slug) and st.slug = lower(p_state_slug) and c.slug = lower(p_city_slug)
  ), serving as (
    select distinct e.vendor_id from public.vendors_serviced e
    join public.postcodes p on p.id = e.postcode_id
    join place on place.city_id = p.city_id
  ), priced as (
    select v, k.day_rate from public.vendors v
    join serving s on s.vendor_id = v.id
    join public.rate_card_classes k on k.vendor_id = v.id and k.class = p_class
    join public.rate_cards r on r.vendor_id = v.id
    order by k.day_rate, v.rating desc nulls last, v.id
    limit 200
  )
  select jsonb_build_object(
    'country', jsonb_build_object('name', place.country_name, 'slug', place.country_slug),
    'state', jsonb_build_object('name', place.state_name, 'slug', place.state_slug, 'code', place.state_code),
    'city', jsonb_build_object('name', place.city_name, 'slug', place.city_slug),
    'zip_known', exists (select 1 from public.postcodes p where p.code = p_zip),
    'vendors', coalesce((
      select jsonb_agg(jsonb_build_object('vendor', public.vendor_card(v), 'miles', public.vendor_miles_to_zip((v).id, p_zip),
               'rates', public.rate_card_json((v).id)) order by day_rate, (v).id)
      from priced), '[]'::jsonb),
    'without_rates', (select count(*) from public.vendors v join serving s on s.vendor_id = v.id)
                     - (select count(*) from priced))
  from place;
$$;

revoke execute on function public.city_prices(text, text, text, text, text) from public;
grant execute on function public.city_prices(text, text, text, text, text) to anon, authenticated, service_role;

-- supabase/functions/lead_route.sql
-- Where a request goes: the vendor whose page it came from (unless it stopped receiving
-- requests), and the nearest vendors serving the ZIP when there is no such vendor (3) or
-- the visitor asked for more (2 besides it). complete_lead stores these; the rental
-- dialog shows their estimates before the request is sent.
create or replace function public.lead_route(p_zip text, p_vendor_id bigint, p_widen boolean)
returns table (vendor_id bigint, reason text, rank int, distance_miles double precision)
language sql stable set search_path = '' as $$
  with chosen as (
    select v.id from public.vendors v where v.id = p_vendor_id and v.leads_paused_at is null
  )
  select c.id, 'vendor_page', 1, null::double precision from chosen c
  union all
  select n.vendor_id, 'nearby', ((select count(*) from chosen) + n.ord)::int, n.distance_miles
  from public.vendors_near_zip(p_zip, case when exists (select 1 from chosen) then 2 else 3 end, (select id from chosen))
    with ordinality n(vendor_id, distance_miles, serves, ord)
  where not exists (select 1 from chosen) or coalesce(p_widen, false);
$$;

-- The vendors a request for this ZIP would go to, in order, each with its name, its
-- miles to the ZIP and its published rate card (null when it publishes none; this runs as
-- the owner, past the policies that keep unpublished cards from visitors).
create or replace function public.lead_route_rates(p_zip text, p_vendor_id bigint, p_widen boolean)
returns jsonb language sql stable security definer set search_path = '' as $$
  select coalesce(jsonb_agg(jsonb_build_object('id', v.id, 'name', v.name,
           'miles', public.vendor_miles_to_zip(v.id, p_zip), 'rates', case when exists (select 1 from public.rate_cards c where c.vendor_id = v.id and c.published)
                                then public.rate_card_json(v.id) end) order by r.rank), '[]'::jsonb)
  from public.lead_route(p_zip, p_vendor_id, p_widen) r
  join public.vendors v on v.id = r.vendor_id;
$$;

revoke execute on function public.lead_route(text, bigint, boolean), public.lead_route_rates(text, bigint, boolean) from public, anon, authenticated;
grant execute on function public.lead_route_rates(text, bigint, boolean) to service_role;

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

  insert into public.lead_recipients (lead_id, vendor_id, reason, rank, distance_miles)
  select v_lead, r.vendor_id, r.reason, r.rank, r.distance_miles
  from public.lead_route(p_location, chosen, p_widen) r;
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

-- supabase/functions/set_rate_card.sql
-- Why a rate card (as rate_card_json shapes it, without its date) cannot be stored, or
-- null when it can. The same rules as the forms' schema (lib/prices/rate-card.ts); the
-- tables' checks hold them again.
create or replace function public.rate_card_problem(p_card jsonb)
returns text language plpgsql immutable set search_path = '' as $$
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
    return 'The rate card is not in the expected form';
  end if;
  if jsonb_array_length(p_card->'classes') = 0 then
    return 'Enter the rates of at least one machine class';
  end if;
  for k in select value from jsonb_array_elements(p_card->'classes') loop
    if k->>'class' is null or k->>'class' not in ('small', 'medium', 'large', 'track') or k->>'class' = any (seen) then
      return 'Unknown or repeated machine class';
    end if;
    seen := seen || (k->>'class');
    foreach key in array array['day', 'week', 'four_week', 'day_hours', 'week_hours', 'four_week_hours'] loop
      if jsonb_typeof(k->key) not in ('number', 'null') then
        return 'Rates and hours must be numbers';
      end if;
    end loop;
    if jsonb_typeof(k->'day') is distinct from 'number' then
      return 'Enter a day rate for each class you rent';
    end if;
    day := (k->>'day')::numeric;
    week := (k->>'week')::numeric;
    four := (k->>'four_week')::numeric;
    if day < 0 or week < 0 or four < 0 then
      return 'Rates cannot be negative';
    end if;
    if day < 1 or week < 1 or four < 1 then
      return 'A rate must be at least $1';
    end if;
    if day > 10000 or week > 70000 or four > 280000 then
      return 'A rate is too large';
    end if;
    if week > 7 * day then
      return 'A week cannot cost more than 7 days';
    end if;
    if four > 4 * coalesce(week, 7 * day) then
      return 'A 4-week rate cannot cost more than 4 weeks';
    end if;
    foreach key in array array['day_hours', 'week_hours', 'four_week_hours'] loop
      hours_max := case key when 'day_hours' then 24 when 'week_hours' then 168 else 672 end;
      if k->key <> 'null' and ((k->>key)::numeric <> trunc((k->>key)::numeric) or (k->>key)::numeric not between 1 and hours_max) then
        return 'Meter hours must be whole hours that fit in their period';
      end if;
    end loop;
  end loop;
  if p_card->'delivery' is not null and p_card->'delivery' <> 'null' then
    if jsonb_typeof(p_card->'delivery'->'fee') is distinct from 'number' or jsonb_typeof(p_card->'delivery'->'miles') is distinct from 'number'
       or jsonb_typeof(p_card->'delivery'->'per_mile') is distinct from 'number' then
      return 'Delivery needs a flat fee, its radius in miles and a rate per mile beyond';
    end if;
    if (p_card->'delivery'->>'fee')::numeric < 0 or (p_card->'delivery'->>'per_mile')::numeric < 0 then
      return 'Delivery fees cannot be negative';
    end if;
    if (p_card->'delivery'->>'fee')::numeric > 10000 or (p_card->'delivery'->>'per_mile')::numeric > 100 then
      return 'A delivery fee is too large';
    end if;
    if (p_card->'delivery'->>'miles')::numeric not between 0 and 500 or (p_card->'delivery'->>'miles')::numeric <> trunc((p_card->'delivery'->>'miles')::numeric) then
      return 'The flat-fee delivery radius must be 0 to 500 whole miles';
    end if;
  end if;
  if p_card->'waiver_percent' is not null and p_card->'waiver_percent' <> 'null'
     and (jsonb_typeof(p_card->'waiver_percent') <> 'number' or (p_card->>'waiver_percent')::numeric not between 0 and 50) then
    return 'The damage waiver must be 0 to 50 %';
  end if;
  if jsonb_array_length(coalesce(p_card->'fees', '[]')) > 5 then
    return 'A rate card has at most 5 other fees';
  end if;
  for f in select value from jsonb_array_elements(coalesce(p_card->'fees', '[]')) loop
    if jsonb_typeof(f->'label') is distinct from 'string' or length(trim(f->>'label')) not between 2 and 60
       or ((f ? 'percent') = (f ? 'amount')) then
      return 'Each fee needs a label of 2 to 60 characters and either a percentage or an amount';
    end if;
    if jsonb_typeof(coalesce(f->'percent', f->'amount')) <> 'number' then
      return 'Rates and hours must be numbers';
    end if;
    if (coalesce(f->>'percent', f->>'amount'))::numeric < 0 then
      return 'Fees cannot be negative';
    end if;
    if (f->>'percent')::numeric > 30 or (f->>'amount')::numeric > 5000 then
      return 'A fee is at most 30 % or $5,000';
    end if;
  end loop;
  return null;
end;
$$;

-- Stores a vendor's rate card, confirmed today (replacing any earlier one), or removes it
-- when p_card is null. A card stored here is the business's own, never sample data.
create or replace function public.set_rate_card(p_vendor_id bigint, p_card jsonb, p_updated_by text)
returns void language plpgsql security definer set search_path = '' as $$
declare
  problem text;
begin
  if not exists (select 1 from public.vendors v where v.id = p_vendor_id) then
    raise exception 'No such vendor' using errcode = 'PT404';
  end if;
  if p_card is null or p_card = 'null' then
    delete from public.rate_cards r where r.vendor_id = p_vendor_id;
    return;
  end if;
  problem := public.rate_card_problem(p_card);
  if problem is not null then
    raise exception '%', problem using errcode = 'P0001';
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

-- The operator's edit of a vendor's rate card, in the audit log.
create or replace function public.operator_set_rate_card(p_vendor_id bigint, p_card jsonb, p_operator text)
returns void language plpgsql security definer set search_path = '' as $$
begin
  perform public.set_rate_card(p_vendor_id, p_card, p_operator);
  perform public.audit(p_operator, 'rates', 'vendor ' || p_vendor_id, coalesce(p_card, '{}'::jsonb));
end;
$$;

-- A business's edit of the rate card of a listing it manages, in the audit log.
create or replace function public.business_set_rate_card(p_email text, p_vendor_id bigint, p_card jsonb)
returns void language plpgsql security definer set search_path = '' as $$
begin
  perform public.business_require_manager(p_email, p_vendor_id);
  perform public.set_rate_card(p_vendor_id, p_card, 'business ' || lower(trim(p_email)));
  perform public.audit('business ' || lower(trim(p_email)), 'rates', 'vendor ' || p_vendor_id, coalesce(p_card, '{}'::jsonb));
end;
$$;

revoke execute on function public.rate_card_problem(jsonb), public.set_rate_card(bigint, jsonb, text),
  public.operator_set_rate_card(bigint, jsonb, text), public.business_set_rate_card(text, bigint, jsonb) from public, anon, authenticated;
grant execute on function public.operator_set_rate_card(bigint, jsonb, text), public.business_set_rate_card(text, bigint, jsonb) to service_role;

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
  problem text := public.rate_card_problem(v_card);
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
    return jsonb_build_object('action', 'rejected', 'reason', 'rates: ' || problem);
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
-- whether its name is shared in the city (the title then adds the street), how quickly it
-- responds, and its rate card.
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
                 'response', public.vendor_response(v.id), 'hours', v.hours,
                 'rates', public.rate_card_json(v.id))
               from v where exists (select 1 from c)));
$$;

revoke execute on function public.vendor_response(bigint), public.vendor_page(text, text, text, text) from public;
grant execute on function public.vendor_response(bigint), public.vendor_page(text, text, text, text) to anon, authenticated, service_role;

-- supabase/functions/vendor_page_slice.sql
-- One page of vendors and how many there are in all, ordered by rating (best first) or
-- by price (the lowest published day rate first, vendors without rates last).
create or replace function public.vendor_page_slice(p_vendor_ids bigint[], p_offset int, p_limit int, p_sort text default 'rating')
returns jsonb language sql stable set search_path = '' as $$
  with ranked as (
    select v, case when p_sort = 'price' then public.lowest_day_rate(v.id) end as price
    from public.vendors v where v.id = any (p_vendor_ids)
  ), page as (
    select v, row_number() over (order by price nulls last, (v).rating desc nulls last, (v).name, (v).id) as n
    from ranked
    order by n
    offset greatest(coalesce(p_offset, 0), 0)
    limit least(greatest(coalesce(p_limit, 48), 1), 100)
  )
  select jsonb_build_object(
    'vendor_total', coalesce(array_length(p_vendor_ids, 1), 0),
    'vendors', coalesce((select jsonb_agg(public.vendor_card(v) order by n) from page), '[]'::jsonb));
$$;

-- A city's page: its place, copy, and one page of the vendors serving it, in either order.
create or replace function public.city_page(p_country_slug text, p_state_slug text, p_city_slug text,
  p_offset int default 0, p_limit int default 48, p_sort text default 'rating')
returns jsonb language sql stable set search_path = '' as $$
  select jsonb_build_object(
    'country', jsonb_build_object('name', co.name, 'slug', co.slug),
    'state', jsonb_build_object('id', st.id, 'name', st.name, 'slug', st.slug, 'code', st.code),
    'city', jsonb_build_object('id', c.id, 'name', c.name, 'slug', c.slug),
    'hero', public.hero_for('city'),
    'description', (select d.description from public.cities_additionaldetails d where d.city_id = c.id))
    || public.vendor_page_slice(array(
         select distinct e.vendor_id from public.vendors_serviced e
         join public.postcodes p on p.id = e.postcode_id
         where p.city_id = c.id), p_offset, p_limit, p_sort)
  from public.cities c
  join public.states st on st.id = c.state_id
  join public.countries co on co.id = st.country_id
  where co.slug = lower(p_country_slug) and st.slug = lower(p_state_slug)
    and c.slug = lower(p_city_slug);
$$;

revoke execute on function public.vendor_page_slice(bigint[], int, int, text), public.city_page(text, text, text, int, int, text) from public;
grant execute on function public.vendor_page_slice(bigint[], int, int, text), public.city_page(text, text, text, int, int, text)
  to anon, authenticated, service_role;
