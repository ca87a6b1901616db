-- The renter calls the rental off early (proven as renter_owns_lead proves it): the off-rent time
-- is now, a call-off number is given at once, an extension still waiting is declined, and rent
-- stops by the quote's periods (the bill's rental line, private.build_bill). The vendor is told,
-- and the calendar invitation ends at the off-rent time.
create or replace function public.renter_call_off(p_lead_id bigint, p_owner_token text, p_link_hash text)
returns jsonb language plpgsql security definer set search_path = '' as $$
declare
  booking public.bookings;
begin
  if not private.renter_owns_lead(p_lead_id, p_owner_token, p_link_hash) then
    raise exception 'Rental request not found' using errcode = 'PT404', hint = 'no-request';
  end if;
  perform private.lead_move(p_lead_id, 'call_off');
  select * into booking from public.bookings b where b.lead_id = p_lead_id;
  if booking.off_rent_at is not null then
    raise exception 'The rental was called off' using errcode = 'P0001', hint = 'called-off';
  end if;
  update public.rental_extensions x set status = 'declined', answered_at = now() where x.lead_id = p_lead_id and x.status = 'asked';
  update public.bookings b set off_rent_at = now(),
    call_off_number = 'CO-' || p_lead_id || '-' || upper(substr(md5(random()::text || clock_timestamp()::text), 1, 6)),
    sequence = b.sequence + 1
  where b.lead_id = p_lead_id returning * into booking;
  insert into public.outbox_messages (lead_id, vendor_id, channel, kind, recipient, payload, quote_id)
  select p_lead_id, v.id, 'email', 'called_off', v.email, jsonb_build_object('quote_id', booking.quote_id), booking.quote_id
  from public.vendors v where v.id = booking.vendor_id and v.email is not null;
  return private.rental_of(p_lead_id);
end;
$$;

revoke execute on function public.renter_call_off(bigint,text,text) from public, anon, authenticated;
grant execute on function public.renter_call_off(bigint,text,text) to service_role;
