-- Refuses anyone but a manager of the request's booked vendor, as an unknown request.
create or replace function private.booked_vendor(p_email text, p_vendor_id bigint, p_lead_id bigint)
returns void language plpgsql stable security definer set search_path = '' as $$
begin
  perform public.business_require_manager(p_email, p_vendor_id);
  if not exists (select 1 from public.bookings b where b.lead_id = p_lead_id and b.vendor_id = p_vendor_id and b.status = 'booked') then
    raise exception 'No such request' using errcode = 'PT404', hint = 'no-request';
  end if;
end;
$$;

revoke execute on function private.booked_vendor(text,bigint,bigint) from public, anon, authenticated;
