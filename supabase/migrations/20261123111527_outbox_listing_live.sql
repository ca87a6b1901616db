-- Written by npm run db:migration from supabase/functions/ (edit those files, not this one).

-- supabase/functions/claim_lead_messages.sql
create or replace function public.claim_lead_messages(p_limit int default 20, p_lease_seconds int default 120)
returns jsonb language plpgsql security definer set search_path = '' as $$
declare claimed jsonb;
begin
  with due as (
    select m.id from public.lead_messages m
    where (m.status = 'pending' and m.next_attempt_at <= now())
       or (m.status = 'sending' and m.claimed_until < now())
    order by m.next_attempt_at, m.id
    limit least(greatest(coalesce(p_limit, 20), 1), 100)
    for update skip locked
  ),
  taken as (
    update public.lead_messages m set
      status = 'sending', attempts = m.attempts + 1, claim_id = gen_random_uuid(),
      claimed_until = now() + make_interval(secs => greatest(coalesce(p_lease_seconds, 120), 10))
    from due where m.id = due.id
    returning m.*
  )
  select coalesce(jsonb_agg(jsonb_build_object(
      'id', t.id, 'claim_id', t.claim_id, 'channel', t.channel, 'attempts', t.attempts,
      'kind', t.kind, 'payload', t.payload, 'recipient', t.recipient,
      'lead', case when l.id is not null then jsonb_build_object(
        'id', l.id, 'name', l.name, 'phone', l.phone, 'skid_steer_type', l.skid_steer_type,
        'rental_start_date', l.rental_start_date, 'rental_end_date', l.rental_end_date,
        'rental_days', l.rental_days, 'location', l.location, 'completed_at', l.completed_at,
        'vendor_id', l.vendor_id, 'vendor_name', l.vendor_name) end,
      'vendor', (select jsonb_build_object('id', v.id, 'name', v.name, 'email', v.email, 'reason', r.reason,
                                           'distance_miles', r.distance_miles)
                 from public.vendors v left join public.lead_recipients r on r.vendor_id = v.id and r.lead_id = l.id
                 where v.id = t.vendor_id),
      'recipients', (select coalesce(jsonb_agg(jsonb_build_object('vendor_id', r.vendor_id, 'vendor_name', v.name,
                                                                   'reason', r.reason) order by r.rank), '[]'::jsonb)
                     from public.lead_recipients r join public.vendors v on v.id = r.vendor_id where r.lead_id = l.id))
      order by t.id), '[]'::jsonb)
  into claimed
  from taken t left join public.leads l on l.id = t.lead_id;
  return claimed;
end;
$$;

revoke execute on function public.claim_lead_messages(int, int) from public, anon, authenticated;
grant execute on function public.claim_lead_messages(int, int) to service_role;

-- supabase/functions/operator_approve_submission.sql
-- Publishes a new submission as a listing (a unique slug from its name and city, the
-- submitted ZIP or else the city's first, the city's ZIPs as service area) and, when the
-- business gave an email address, queues the email that tells it the listing is live.
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
  insert into public.vendors (name, slug, site, email, phone, full_address, street, postcode_id)
  values (sub.name, public.unique_vendor_slug(sub.name || ' ' || v_city.name), sub.site, sub.email, sub.phone,
          sub.street || ', ' || v_city.name || ', ' || v_state.code || ' ' || sub.postal_code, sub.street, v_postcode)
  returning id into v_vendor;
  insert into public.vendors_serviced (vendor_id, postcode_id)
  select v_vendor, p.id from public.postcodes p where p.city_id = v_city.id;
  update public.vendors_submissions s set status = 'approved', vendor_id = v_vendor, reviewed_at = now(), reviewed_by = p_operator
  where s.id = p_id;
  perform public.audit(p_operator, 'approve', 'submission ' || p_id, jsonb_build_object('vendor_id', v_vendor, 'name', sub.name));
  if sub.email is not null then
    insert into public.lead_messages (kind, vendor_id, channel, recipient, payload)
    values ('listing_live', v_vendor, 'email', sub.email, jsonb_build_object('name', sub.name, 'address', public.vendor_address(v_vendor)));
  end if;
  return public.vendor_address(v_vendor);
end;
$$;

revoke execute on function public.operator_approve_submission(bigint, text) from public, anon, authenticated;
grant execute on function public.operator_approve_submission(bigint, text) to service_role;
