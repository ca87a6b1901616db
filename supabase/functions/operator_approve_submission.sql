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
