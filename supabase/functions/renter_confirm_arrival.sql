-- The renter confirms the machine arrived (proven as renter_owns_lead proves it), once, unless they
-- reported a problem with the delivery.
create or replace function public.renter_confirm_arrival(p_lead_id bigint, p_owner_token text, p_link_hash text)
returns jsonb language plpgsql security definer set search_path = '' as $$
declare
  booking public.bookings;
begin
  if not private.renter_owns_lead(p_lead_id, p_owner_token, p_link_hash) then
    raise exception 'Rental request not found' using errcode = 'PT404', hint = 'no-request';
  end if;
  perform private.lead_move(p_lead_id, 'arrive');
  select * into booking from public.bookings b where b.lead_id = p_lead_id;
  if booking.arrived_at is not null then
    raise exception 'You already confirmed it arrived' using errcode = 'P0001', hint = 'already-arrived';
  end if;
  if booking.problem is not null then
    raise exception 'You reported a problem with this delivery' using errcode = 'P0001', hint = 'problem-reported';
  end if;
  update public.bookings b set arrived_at = now() where b.lead_id = p_lead_id;
  return private.rental_of(p_lead_id);
end;
$$;

revoke execute on function public.renter_confirm_arrival(bigint,text,text) from public, anon, authenticated;
grant execute on function public.renter_confirm_arrival(bigint,text,text) to service_role;
