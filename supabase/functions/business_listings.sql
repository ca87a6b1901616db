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
