-- Before a renter's step that carries photos: refuses, as the step itself would, anyone but the
-- request's renter (proven as renter_owns_lead proves it) and a step its life does not allow now.
create or replace function public.renter_rental_check(p_lead_id bigint, p_owner_token text, p_link_hash text, p_action text)
returns boolean language plpgsql security definer set search_path = '' as $$
begin
  if not private.renter_owns_lead(p_lead_id, p_owner_token, p_link_hash) or p_action is distinct from 'report_problem' then
    raise exception 'Rental request not found' using errcode = 'PT404', hint = 'no-request';
  end if;
  perform private.lead_check(p_lead_id, p_action);
  return true;
end;
$$;

revoke execute on function public.renter_rental_check(bigint,text,text,text) from public, anon, authenticated;
grant execute on function public.renter_rental_check(bigint,text,text,text) to service_role;
