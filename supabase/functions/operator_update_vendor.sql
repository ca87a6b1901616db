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
