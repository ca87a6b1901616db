-- The booked vendor marks the machine on its way to the job site, once its window is confirmed and
-- from the window's day (job site time) on; the renter is told. Only a manager of the booked vendor may; any other answers as an unknown request.
create or replace function public.business_dispatch(p_email text, p_vendor_id bigint, p_lead_id bigint)
returns jsonb language plpgsql security definer set search_path = '' as $$
begin
  perform private.booked_vendor(p_email, p_vendor_id, p_lead_id);
  perform private.lead_move(p_lead_id, 'dispatch');
  if (now() at time zone private.lead_time_zone(p_lead_id))::date
     < ((select b.window_start from public.bookings b where b.lead_id = p_lead_id) at time zone private.lead_time_zone(p_lead_id))::date then
    raise exception 'The machine goes out on the delivery window''s day' using errcode = 'P0001', hint = 'too-early';
  end if;
  update public.bookings b set dispatched_at = now() where b.lead_id = p_lead_id;
  perform private.tell_renter(p_lead_id, 'on_the_way');
  return private.rental_of(p_lead_id);
end;
$$;

revoke execute on function public.business_dispatch(text,bigint,bigint) from public, anon, authenticated;
grant execute on function public.business_dispatch(text,bigint,bigint) to service_role;
