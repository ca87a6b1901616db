-- Checks that the address manages the listing; otherwise the listing is as unknown.
create or replace function public.business_require_manager(p_email text, p_vendor_id bigint)
returns void language plpgsql stable set search_path = '' as $$
begin
  if not exists (select 1 from public.vendor_managers m where m.vendor_id = p_vendor_id and m.email = lower(trim(coalesce(p_email, '')))) then
    raise exception 'No such listing' using errcode = 'PT404', hint = 'no-listing';
  end if;
end;
$$;

revoke execute on function public.business_require_manager(text,bigint) from public, anon, authenticated;
