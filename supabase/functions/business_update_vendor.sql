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
  if p_changes ? 'name' and trim(p_changes->>'name') is distinct from v.name then
    if length(trim(coalesce(p_changes->>'name', ''))) not between 2 and 200 then
      raise exception 'Name must be 2 to 200 characters' using errcode = 'P0001', hint = 'listing-name';
    end if;
    wanted := wanted || jsonb_build_object('name', trim(p_changes->>'name'));
  end if;
  if p_changes ? 'site' and nullif(trim(p_changes->>'site'), '') is not null
     and public.normalize_website(p_changes->>'site') is distinct from v.site then
    if public.normalize_website(p_changes->>'site') is null then
      raise exception 'Please enter a valid website URL (e.g. example.com)' using errcode = 'P0001', hint = 'website';
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
              where c.key in ('phone', 'email', 'street', 'hours', 'description', 'photo', 'service_zips')), '{}'::jsonb),
    actor);
end;
$$;

revoke execute on function public.business_update_vendor(text,bigint,jsonb) from public, anon, authenticated;
grant execute on function public.business_update_vendor(text,bigint,jsonb) to service_role;
