-- The booked vendor records the pickup: the hour meter (never below the delivery's reading), the
-- fuel in eighths and 1 to 8 photos. The bill is then built from the locked quote, the confirmed
-- changes and the readings (private.build_bill), for the vendor to check, add to and send. The
-- renter is told.
create or replace function public.business_pick_up(p_email text, p_vendor_id bigint, p_lead_id bigint, p_hours numeric, p_fuel int,
  p_photos text[])
returns jsonb language plpgsql security definer set search_path = '' as $$
declare
  booking public.bookings;
begin
  perform private.booked_vendor(p_email, p_vendor_id, p_lead_id);
  perform private.lead_move(p_lead_id, 'pick_up');
  select * into booking from public.bookings b where b.lead_id = p_lead_id;
  if p_hours is null or p_hours < 0 or p_hours > 99999 then
    raise exception 'Give the hour meter reading' using errcode = 'P0001', hint = 'reading-invalid';
  end if;
  if round(p_hours, 1) < booking.delivery_hours then
    raise exception 'The hour meter reads less than at delivery' using errcode = 'P0001', hint = 'reading-backwards';
  end if;
  if p_fuel is null or p_fuel not between 0 and 8 then
    raise exception 'Give the fuel level' using errcode = 'P0001', hint = 'fuel-invalid';
  end if;
  perform private.add_rental_photos(p_lead_id, 'pickup', p_photos, 1);
  update public.rental_extensions x set status = 'declined', answered_at = now() where x.lead_id = p_lead_id and x.status = 'asked';
  update public.bookings b set picked_up_at = now(), pickup_hours = round(p_hours, 1), pickup_fuel = p_fuel where b.lead_id = p_lead_id;
  perform private.build_bill(p_lead_id);
  perform private.tell_renter(p_lead_id, 'picked_up');
  return private.rental_of(p_lead_id);
end;
$$;

revoke execute on function public.business_pick_up(text,bigint,bigint,numeric,int,text[]) from public, anon, authenticated;
grant execute on function public.business_pick_up(text,bigint,bigint,numeric,int,text[]) to service_role;
