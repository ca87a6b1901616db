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

-- supabase/functions/business_link_use.sql
-- Uses an emailed link, once. A wrong, used, expired or other-purpose token is refused
-- alike. A sign-in link returns its email. A claim link makes its email the listing's
-- owner when nobody owns it yet; the listing's row is locked, so of two claims at once
-- exactly one wins, and a claim after that goes to the operator. Returns
-- {email, vendor_id, outcome: 'signed_in' | 'owner' | 'queued'}.
create or replace function public.business_link_use(p_token_hash text, p_purpose text)
returns jsonb language plpgsql security definer set search_path = '' as $$
declare
  link public.auth_links;
  v public.vendors;
begin
  update public.auth_links a set used_at = now()
  where a.token_hash = p_token_hash and a.purpose = p_purpose and a.used_at is null and a.expires_at > now()
  returning * into link;
  if link.token_hash is null then
    raise exception 'This link is invalid or has expired.' using errcode = 'PT404';
  end if;
  if link.purpose = 'sign_in' then
    return jsonb_build_object('email', link.email, 'outcome', 'signed_in');
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

-- A business's edit of its listing: phone, lead email, street, description, photo and
-- service ZIPs, checked and recorded in the audit log as the operator's edits are. Name
-- and website stay the operator's.
create or replace function public.business_update_vendor(p_email text, p_vendor_id bigint, p_changes jsonb)
returns jsonb language plpgsql security definer set search_path = '' as $$
begin
  perform public.business_require_manager(p_email, p_vendor_id);
  return public.operator_update_vendor(p_vendor_id,
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

revoke execute on function public.business_sign_in_start(text, text, text) from public, anon, authenticated;
grant execute on function public.business_sign_in_start(text, text, text) to service_role;

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

revoke execute on function public.operator_claim_page(text, int, int), public.operator_review_claim(bigint, boolean, text, text),
  public.operator_vendor_managers(bigint), public.operator_revoke_manager(bigint, text, text)
from public, anon, authenticated;
grant execute on function public.operator_claim_page(text, int, int), public.operator_review_claim(bigint, boolean, text, text),
  public.operator_vendor_managers(bigint), public.operator_revoke_manager(bigint, text, text)
to service_role;

-- supabase/functions/vendor_card.sql
-- A vendor card with the slugs of its home location, for links, and whether the business
-- has claimed the listing.
create or replace function public.vendor_card(v public.vendors)
returns jsonb language sql stable set search_path = '' as $$
  select jsonb_build_object(
    'id', v.id, 'name', v.name, 'slug', v.slug, 'phone', v.phone, 'site', v.site,
    'full_address', v.full_address, 'rating', v.rating, 'photo', v.photo,
    'city_name', c.name, 'city_slug', c.slug, 'state_slug', st.slug, 'state_code', st.code,
    'country_slug', co.slug, 'claimed', v.claimed_at is not null)
  from public.postcodes p
  join public.cities c on c.id = p.city_id
  join public.states st on st.id = c.state_id
  join public.countries co on co.id = st.country_id
  where p.id = v.postcode_id;
$$;

revoke execute on function public.vendor_card(public.vendors) from public;
grant execute on function public.vendor_card(public.vendors) to anon, authenticated, service_role;
