-- Write functions. Each validates its input again, whatever the caller checked.
-- Errors use SQLSTATE P0001 (HTTP 400) for bad input, PT404, PT409 and PT429 for the
-- PostgREST statuses of the same numbers.

create function public.rental_date_window(out earliest date, out latest date)
language sql stable set search_path = '' as $$
  -- The earliest US time zone (UTC-10) decides "today", so no visitor's today is refused.
  select ((now() at time zone 'UTC') - interval '10 hours')::date,
         ((now() at time zone 'UTC') + interval '1 year')::date;
$$;

create function public.check_rental_dates(p_start date, p_end date)
returns void language plpgsql stable set search_path = '' as $$
declare w record;
begin
  select * into w from public.rental_date_window();
  if p_start is not null and p_start < w.earliest then
    raise exception 'The start date cannot be in the past' using errcode = 'P0001';
  end if;
  if p_start is not null and p_start > w.latest then
    raise exception 'The start date cannot be more than one year ahead' using errcode = 'P0001';
  end if;
  if p_end is not null and p_end > w.latest then
    raise exception 'The end date cannot be more than one year ahead' using errcode = 'P0001';
  end if;
  if p_start is not null and p_end is not null and p_end <= p_start then
    raise exception 'The end date must be after the start date' using errcode = 'P0001';
  end if;
end;
$$;

create function public.count_write_attempt(p_kind text, p_client_key text, p_window interval, p_limit int, p_message text)
returns void language plpgsql set search_path = '' as $$
begin
  if p_client_key is null or length(p_client_key) = 0 then
    return;
  end if;
  if (select count(*) from public.write_attempts a
      where a.kind = p_kind and a.client_key = p_client_key and a.created_at > now() - p_window) >= p_limit then
    raise exception '%', p_message using errcode = 'PT429';
  end if;
  insert into public.write_attempts (kind, client_key) values (p_kind, p_client_key);
end;
$$;

create function public.owned_open_lead(p_lead_id bigint, p_owner_token text)
returns bigint language plpgsql stable set search_path = '' as $$
declare found_id bigint;
begin
  select l.id into found_id from public.leads l
  where l.id = p_lead_id and not l.completed
    and l.owner_token_hash = encode(sha256(convert_to(coalesce(p_owner_token, ''), 'UTF8')), 'hex');
  if found_id is null then
    raise exception 'Rental request not found' using errcode = 'PT404';
  end if;
  return found_id;
end;
$$;

create function public.create_lead(p_owner_token text, p_client_key text default null, p_vendor_id bigint default null)
returns bigint language plpgsql security definer set search_path = '' as $$
declare
  v_name text;
  new_id bigint;
begin
  if p_owner_token is null or length(p_owner_token) < 32 or length(p_owner_token) > 128 then
    raise exception 'Invalid owner token' using errcode = 'P0001';
  end if;
  if length(p_client_key) > 128 then
    raise exception 'Invalid client key' using errcode = 'P0001';
  end if;
  if p_vendor_id is not null then
    select v.name into v_name from public.vendors v where v.id = p_vendor_id;
    if v_name is null then
      raise exception 'Unknown vendor' using errcode = 'P0001';
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

create function public.update_lead(
  p_lead_id bigint, p_owner_token text, p_step int,
  p_skid_steer_type text default null, p_rental_start_date date default null,
  p_rental_end_date date default null, p_name text default null, p_phone text default null)
returns void language plpgsql security definer set search_path = '' as $$
declare lead_id bigint;
begin
  lead_id := public.owned_open_lead(p_lead_id, p_owner_token);
  if p_step is null or p_step not between 1 and 3 then
    raise exception 'Step must be 1, 2 or 3' using errcode = 'P0001';
  end if;
  if p_skid_steer_type is not null and p_skid_steer_type not in ('wheeled', 'tracked') then
    raise exception 'Skid steer type must be wheeled or tracked' using errcode = 'P0001';
  end if;
  if length(p_name) > 100 then
    raise exception 'Name is too long' using errcode = 'P0001';
  end if;
  if length(p_phone) > 30 then
    raise exception 'Phone number is too long' using errcode = 'P0001';
  end if;
  perform public.check_rental_dates(p_rental_start_date, p_rental_end_date);
  update public.leads l set
    step = p_step,
    skid_steer_type = coalesce(p_skid_steer_type, l.skid_steer_type),
    rental_start_date = coalesce(p_rental_start_date, l.rental_start_date),
    rental_end_date = coalesce(p_rental_end_date, l.rental_end_date),
    name = coalesce(p_name, l.name),
    phone = coalesce(p_phone, l.phone),
    updated_at = now()
  where l.id = lead_id;
end;
$$;

create function public.complete_lead(
  p_lead_id bigint, p_owner_token text, p_skid_steer_type text,
  p_rental_start_date date, p_rental_end_date date, p_name text, p_phone text)
returns jsonb language plpgsql security definer set search_path = '' as $$
declare
  lead_id bigint;
  days int;
begin
  lead_id := public.owned_open_lead(p_lead_id, p_owner_token);
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
  -- Whole dates: the day difference is already an integer, its own ceiling.
  days := p_rental_end_date - p_rental_start_date;
  update public.leads l set
    step = 3, completed = true, completed_at = now(), updated_at = now(),
    skid_steer_type = p_skid_steer_type, rental_start_date = p_rental_start_date,
    rental_end_date = p_rental_end_date, rental_days = days,
    name = trim(p_name), phone = trim(p_phone)
  where l.id = lead_id;
  insert into public.lead_deliveries (lead_id) values (lead_id);
  return jsonb_build_object('id', lead_id, 'rental_days', days);
end;
$$;

create function public.name_for_emails(p_name text)
returns text language sql immutable set search_path = '' as $$
  select trim(regexp_replace(
           regexp_replace(replace(p_name, '&', ' and '), '[[:punct:]]', '', 'g'),
           '\s+', ' ', 'g'));
$$;

create function public.submission_cid(p_site text)
returns text language sql immutable set search_path = '' as $$
  select 'SUB' || encode(sha256(convert_to(p_site, 'UTF8')), 'hex');
$$;

create function public.submit_vendor(
  p_name text, p_site text, p_phone text, p_address text, p_state text, p_city text,
  p_zipcode text, p_client_key text default null)
returns bigint language plpgsql security definer set search_path = '' as $$
declare
  v_state_id bigint;
  new_id bigint;
  new_cid text;
begin
  if length(trim(coalesce(p_name, ''))) < 2 then
    raise exception 'Business name must be at least 2 characters' using errcode = 'P0001';
  end if;
  if length(trim(coalesce(p_site, ''))) < 4 then
    raise exception 'Website URL is too short' using errcode = 'P0001';
  end if;
  if trim(p_site) !~* '^(https?://)?([a-z0-9](-?[a-z0-9])*\.)+[a-z]{2,}(/\S*)?$' then
    raise exception 'Please enter a valid website URL (e.g. example.com)' using errcode = 'P0001';
  end if;
  if length(trim(coalesce(p_phone, ''))) < 10 then
    raise exception 'Please enter a valid phone number' using errcode = 'P0001';
  end if;
  if length(trim(coalesce(p_address, ''))) < 5 then
    raise exception 'Please enter a valid address' using errcode = 'P0001';
  end if;
  if length(coalesce(p_zipcode, '')) < 5 then
    raise exception 'Please enter a valid ZIP code' using errcode = 'P0001';
  end if;
  if length(p_name) > 200 or length(p_site) > 300 or length(p_phone) > 30
     or length(p_address) > 300 or length(p_zipcode) > 10 then
    raise exception 'A field is too long' using errcode = 'P0001';
  end if;
  select s.id into v_state_id from public.states s where s.country_id = 1 and s.slug = p_state;
  if v_state_id is null then
    raise exception 'Please select a state' using errcode = 'P0001';
  end if;
  if not exists (select 1 from public.cities c where c.state_id = v_state_id and c.slug = p_city) then
    raise exception 'Please select a city' using errcode = 'P0001';
  end if;
  new_cid := public.submission_cid(trim(p_site));
  if exists (select 1 from public.vendors_submissions s where s.cid = new_cid) then
    raise exception 'This website has already been submitted and is under review.' using errcode = 'PT409';
  end if;
  perform public.count_write_attempt('submission', p_client_key, interval '1 day', 5,
    'Too many submissions from your connection today. Please try again tomorrow.');
  insert into public.vendors_submissions
    (name, name_for_emails, site, phone, full_address, street, city, postal_code, state, cid, client_key)
  values (trim(p_name), public.name_for_emails(p_name), trim(p_site), trim(p_phone), trim(p_address),
          trim(p_address), p_city, trim(p_zipcode), p_state, new_cid, p_client_key)
  returning id into new_id;
  return new_id;
end;
$$;

-- Delivery bookkeeping for the operator's delivery step (service role only).
create function public.pending_lead_deliveries(p_limit int default 50)
returns jsonb language sql security definer set search_path = '' as $$
  select coalesce(jsonb_agg(to_jsonb(l) - 'owner_token_hash' - 'client_key'
                            || jsonb_build_object('attempts', d.attempts)), '[]'::jsonb)
  from (select * from public.lead_deliveries d
        where d.delivered_at is null and d.next_attempt_at <= now()
        order by d.next_attempt_at limit p_limit) d
  join public.leads l on l.id = d.lead_id;
$$;

create function public.record_lead_delivery(p_lead_id bigint, p_ok boolean, p_error text default null)
returns void language sql security definer set search_path = '' as $$
  update public.lead_deliveries d set
    attempts = d.attempts + 1,
    delivered_at = case when p_ok then now() end,
    last_error = case when p_ok then null else left(p_error, 500) end,
    -- Backoff doubles from 30 s up to 6 h.
    next_attempt_at = now() + least(interval '6 hours', interval '30 seconds' * power(2, d.attempts))
  where d.lead_id = p_lead_id;
$$;

create function public.lead_delivery_report()
returns table (lead_id bigint, vendor_name text, name text, completed_at timestamptz,
               attempts int, delivered_at timestamptz, last_error text)
language sql security definer set search_path = '' as $$
  select l.id, l.vendor_name, l.name, l.completed_at, d.attempts, d.delivered_at, d.last_error
  from public.leads l join public.lead_deliveries d on d.lead_id = l.id
  where l.completed order by l.completed_at desc;
$$;
