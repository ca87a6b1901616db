-- One CSV row: creates (listed now) or updates the vendor with its normalized website, and
-- its rate card when the row has one (confirmed today), or says why not: a reason code
-- (import-*) and the values the console's text names (lib/operator/messages.ts).
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
  if length(trim(coalesce(r->>'name', ''))) not between 2 and 200 then return jsonb_build_object('action', 'rejected', 'reason', 'import-name'); end if;
  if v_site is null or length(r->>'website') > 300 then
    return jsonb_build_object('action', 'rejected', 'reason', 'import-website');
  end if;
  if length(trim(coalesce(r->>'phone', ''))) not between 10 and 30 then return jsonb_build_object('action', 'rejected', 'reason', 'import-phone'); end if;
  if nullif(trim(r->>'email'), '') is not null and not public.is_email_address(lower(trim(r->>'email'))) then
    return jsonb_build_object('action', 'rejected', 'reason', 'import-email');
  end if;
  if length(trim(coalesce(r->>'street', ''))) not between 3 and 300 then return jsonb_build_object('action', 'rejected', 'reason', 'import-street'); end if;
  select st.* into v_state from public.states st
  where st.country_id = 1 and (upper(st.code) = upper(trim(r->>'state')) or lower(st.name) = lower(trim(r->>'state')) or st.slug = lower(trim(r->>'state')));
  if v_state.id is null then return jsonb_build_object('action', 'rejected', 'reason', 'import-state', 'values', jsonb_build_array(coalesce(r->>'state', ''))); end if;
  select c.* into v_city from public.cities c where c.state_id = v_state.id and lower(c.name) = lower(trim(r->>'city')) order by c.id limit 1;
  if v_city.id is null then return jsonb_build_object('action', 'rejected', 'reason', 'import-city', 'values', jsonb_build_array(coalesce(r->>'city', ''), v_state.code)); end if;
  select p.* into v_postcode from public.postcodes p where p.code = trim(r->>'zip') and p.city_id = v_city.id;
  if v_postcode.id is null then return jsonb_build_object('action', 'rejected', 'reason', 'import-zip', 'values', jsonb_build_array(coalesce(r->>'zip', ''), v_city.name, v_state.code)); end if;
  if nullif(trim(r->>'rating'), '') is not null then
    if trim(r->>'rating') !~ '^[0-9](\.[0-9])?$' or (r->>'rating')::numeric > 5 then
      return jsonb_build_object('action', 'rejected', 'reason', 'import-rating');
    end if;
    v_rating := (r->>'rating')::numeric;
  end if;
  if length(coalesce(r->>'description', '')) > 5000 then return jsonb_build_object('action', 'rejected', 'reason', 'import-description'); end if;
  if nullif(trim(r->>'service_zips'), '') is not null then
    zips := array(select distinct z from regexp_split_to_table(trim(r->>'service_zips'), '[\s;,]+') z where z <> '' order by z);
    select z into unknown from unnest(zips) z where z !~ '^[0-9]{5}$' or not exists (select 1 from public.postcodes p where p.code = z) limit 1;
    if unknown is not null then return jsonb_build_object('action', 'rejected', 'reason', 'import-service-zip', 'values', jsonb_build_array(unknown)); end if;
  else
    zips := array(select p.code from public.postcodes p where p.city_id = v_city.id order by p.code);
  end if;
  if v_card is not null and problem is not null then
    return jsonb_build_object('action', 'rejected', 'reason', 'import-rates', 'values', jsonb_build_array(problem->>'code'));
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

revoke execute on function public.import_vendor_row(jsonb) from public, anon, authenticated, service_role;
