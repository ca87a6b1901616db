-- One booked rental of a listing the address manages, for its printable bill: the request's
-- number and days, and the rental as private.rental_of shows it (after erasure too: the bill then
-- names nobody). Anyone else's answers as unknown.
create or replace function public.business_rental(p_email text, p_vendor_id bigint, p_lead_id bigint)
returns jsonb language plpgsql stable security definer set search_path = '' as $$
begin
  if not exists (select 1 from public.vendor_managers m where m.vendor_id = p_vendor_id and m.email = lower(trim(coalesce(p_email, ''))))
     or not exists (select 1 from public.bookings b where b.lead_id = p_lead_id and b.vendor_id = p_vendor_id) then
    return null;
  end if;
  return (select jsonb_build_object('id', l.id, 'vendor_name', v.name, 'rental', private.rental_of(l.id))
          from public.leads l cross join public.vendors v where l.id = p_lead_id and v.id = p_vendor_id);
end;
$$;

revoke execute on function public.business_rental(text,bigint,bigint) from public, anon, authenticated;
grant execute on function public.business_rental(text,bigint,bigint) to service_role;
