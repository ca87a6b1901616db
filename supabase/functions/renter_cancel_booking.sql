-- Cancels the booking of the renter's own request (proven as renter_owns_lead proves it), with a reason,
-- until the first day booked. The booked vendor is told.
create or replace function public.renter_cancel_booking(p_lead_id bigint, p_owner_token text, p_link_hash text, p_reason text)
returns jsonb language plpgsql security definer set search_path = '' as $$
declare
  l public.leads;
  booking public.bookings;
  reason constant text := trim(coalesce(p_reason, ''));
begin
  if not private.renter_owns_lead(p_lead_id, p_owner_token, p_link_hash) then
    raise exception 'Rental request not found' using errcode = 'PT404', hint = 'no-request';
  end if;
  l := private.lead_move(p_lead_id, 'cancel');
  select * into booking from public.bookings b where b.lead_id = l.id and b.status = 'booked';
  if current_date >= booking.start_date then
    raise exception 'The rental has started' using errcode = 'P0001', hint = 'rental-started';
  end if;
  if length(reason) = 0 then
    raise exception 'Please give a reason' using errcode = 'P0001', hint = 'reason-missing';
  end if;
  if length(reason) > 500 then
    raise exception 'A field is too long' using errcode = 'P0001', hint = 'too-long';
  end if;
  update public.bookings b set status = 'cancelled', cancel_reason = reason, cancelled_at = now()
  where b.lead_id = l.id returning * into booking;
  update public.lead_recipients r set status = 'lost', status_reason = 'Cancelled by the renter', status_at = now()
  where r.lead_id = l.id and r.vendor_id = booking.vendor_id;
  insert into public.outbox_messages (lead_id, vendor_id, channel, kind, recipient, payload, quote_id)
  select l.id, v.id, 'email', 'booking_cancelled', v.email, jsonb_build_object('quote_id', booking.quote_id), booking.quote_id
  from public.vendors v where v.id = booking.vendor_id and v.email is not null;
  return to_jsonb(booking);
end;
$$;

revoke execute on function public.renter_cancel_booking(bigint,text,text,text) from public, anon, authenticated;
grant execute on function public.renter_cancel_booking(bigint,text,text,text) to service_role;
