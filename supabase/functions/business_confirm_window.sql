-- The booked vendor confirms its delivery window: a day (the rental's first day or the day before)
-- and a window of at most 4 hours, in the job site's local time, before the booking's confirm_by.
-- The renter is told, with the calendar invitation updated (its SEQUENCE raised). Only a manager of
-- the booked vendor may; any other answers as an unknown request.
create or replace function public.business_confirm_window(p_email text, p_vendor_id bigint, p_lead_id bigint, p_day date,
  p_from time, p_to time)
returns jsonb language plpgsql security definer set search_path = '' as $$
declare
  booking public.bookings;
  zone constant text := private.lead_time_zone(p_lead_id);
  starts timestamptz;
  ends timestamptz;
begin
  perform private.booked_vendor(p_email, p_vendor_id, p_lead_id);
  perform private.lead_move(p_lead_id, 'confirm_window');
  select * into booking from public.bookings b where b.lead_id = p_lead_id;
  if p_day is null or p_from is null or p_to is null then
    raise exception 'Give the day and the window' using errcode = 'P0001', hint = 'window-invalid';
  end if;
  starts := (p_day + p_from) at time zone zone;
  ends := (p_day + p_to) at time zone zone;
  if ends <= starts or ends > starts + interval '4 hours' then
    raise exception 'A delivery window is at most 4 hours' using errcode = 'P0001', hint = 'window-too-long';
  end if;
  if starts <= now() then
    raise exception 'The window has passed' using errcode = 'P0001', hint = 'window-past';
  end if;
  if p_day not between booking.start_date - 1 and booking.start_date then
    raise exception 'Deliver on the first day booked or the day before' using errcode = 'P0001', hint = 'window-day';
  end if;
  if now() > booking.confirm_by then
    raise exception 'The time to confirm has run out' using errcode = 'P0001', hint = 'confirm-too-late';
  end if;
  update public.bookings b set window_start = starts, window_end = ends, confirmed_at = now(), sequence = b.sequence + 1
  where b.lead_id = p_lead_id returning * into booking;
  perform private.tell_renter(p_lead_id, 'window_confirmed');
  return private.rental_of(p_lead_id);
end;
$$;

revoke execute on function public.business_confirm_window(text,bigint,bigint,date,time,time) from public, anon, authenticated;
grant execute on function public.business_confirm_window(text,bigint,bigint,date,time,time) to service_role;
