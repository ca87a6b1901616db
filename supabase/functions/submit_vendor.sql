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
