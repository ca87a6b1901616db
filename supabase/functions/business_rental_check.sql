-- Before a booked vendor's step that carries photos: refuses, as the step itself would, anyone but a
-- manager of the booked vendor and a step the request's life does not allow now.
create or replace function public.business_rental_check(p_email text, p_vendor_id bigint, p_lead_id bigint, p_action text)
returns boolean language plpgsql security definer set search_path = '' as $$
begin
  perform private.booked_vendor(p_email, p_vendor_id, p_lead_id);
  if p_action is null or p_action not in ('deliver', 'pick_up', 'add_line') then
    raise exception 'No such request' using errcode = 'PT404', hint = 'no-request';
  end if;
  perform private.lead_check(p_lead_id, p_action);
  return true;
end;
$$;

revoke execute on function public.business_rental_check(text,bigint,bigint,text) from public, anon, authenticated;
grant execute on function public.business_rental_check(text,bigint,bigint,text) to service_role;
