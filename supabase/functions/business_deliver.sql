-- The booked vendor marks the machine delivered, from the window's day (job site time) on, with the hour meter and the fuel (in eighths of a
-- tank) read then and 1 to 8 walk-around photos (their paths in the photo store); the renter is told.
-- Only a manager of the booked vendor may; any other answers as an unknown request.
create or replace function public.business_deliver(p_email text, p_vendor_id bigint, p_lead_id bigint, p_hours numeric,
  p_fuel int, p_photos text[])
returns jsonb language plpgsql security definer set search_path = '' as $$
begin
  perform private.booked_vendor(p_email, p_vendor_id, p_lead_id);
  perform private.lead_move(p_lead_id, 'deliver');
  if (now() at time zone private.lead_time_zone(p_lead_id))::date
     < ((select b.window_start from public.bookings b where b.lead_id = p_lead_id) at time zone private.lead_time_zone(p_lead_id))::date then
    raise exception 'The machine goes out on the delivery window''s day' using errcode = 'P0001', hint = 'too-early';
  end if;
  if p_hours is null or p_hours < 0 or p_hours > 99999 then
    raise exception 'Give the hour meter reading' using errcode = 'P0001', hint = 'reading-invalid';
  end if;
  if p_fuel is null or p_fuel not between 0 and 8 then
    raise exception 'Give the fuel level' using errcode = 'P0001', hint = 'fuel-invalid';
  end if;
  perform private.add_rental_photos(p_lead_id, 'delivery', p_photos, 1);
  update public.bookings b set delivered_at = now(), delivery_hours = round(p_hours, 1), delivery_fuel = p_fuel
  where b.lead_id = p_lead_id;
  perform private.tell_renter(p_lead_id, 'delivered');
  return private.rental_of(p_lead_id);
end;
$$;

revoke execute on function public.business_deliver(text,bigint,bigint,numeric,int,text[]) from public, anon, authenticated;
grant execute on function public.business_deliver(text,bigint,bigint,numeric,int,text[]) to service_role;
