-- Adds a colleague (up to 10 people a listing) or removes one; the owner stays.
create or replace function public.business_set_colleague(p_email text, p_vendor_id bigint, p_colleague text, p_add boolean)
returns void language plpgsql security definer set search_path = '' as $$
declare
  v_colleague text := lower(trim(coalesce(p_colleague, '')));
begin
  perform public.business_require_manager(p_email, p_vendor_id);
  if not public.is_email_address(v_colleague) then
    raise exception 'Please enter a valid email address' using errcode = 'P0001', hint = 'email';
  end if;
  if p_add then
    if (select count(*) from public.vendor_managers m where m.vendor_id = p_vendor_id) >= 10 then
      raise exception 'A listing has at most 10 people' using errcode = 'P0001', hint = 'team-full';
    end if;
    insert into public.vendor_managers (vendor_id, email, role, added_by) values (p_vendor_id, v_colleague, 'colleague', lower(trim(p_email)))
    on conflict (vendor_id, email) do nothing;
  else
    if exists (select 1 from public.vendor_managers m where m.vendor_id = p_vendor_id and m.email = v_colleague and m.role = 'owner') then
      raise exception 'The owner cannot be removed' using errcode = 'P0001', hint = 'owner-stays';
    end if;
    delete from public.vendor_managers m where m.vendor_id = p_vendor_id and m.email = v_colleague;
  end if;
  perform public.audit('business ' || lower(trim(p_email)), case when p_add then 'add_colleague' else 'remove_colleague' end,
    'vendor ' || p_vendor_id, jsonb_build_object('email', v_colleague));
end;
$$;

revoke execute on function public.business_set_colleague(text,bigint,text,boolean) from public, anon, authenticated;
grant execute on function public.business_set_colleague(text,bigint,text,boolean) to service_role;
