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
