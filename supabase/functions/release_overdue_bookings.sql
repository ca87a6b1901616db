-- The job that releases bookings whose vendor did not confirm a delivery window by confirm_by, at
-- most p_batch of them (a rental already over stays as it is): the request goes back to sent, the other quotes the booking closed open
-- again while still valid (the released vendor's stays closed), the renter is told with them and the
-- vendor is told. Each request is taken under its own lock, skipped when another instance holds it.
-- Returns how many were released.
create or replace function public.release_overdue_bookings(p_batch int default 100)
returns int language plpgsql security definer set search_path = '' as $$
declare
  due bigint;
  booking public.bookings;
  released int := 0;
begin
  for due in
    select b.lead_id from public.bookings b
    where b.status = 'booked' and b.confirmed_at is null and b.confirm_by <= now() and b.end_date >= current_date
    order by b.confirm_by limit least(greatest(coalesce(p_batch, 100), 1), 1000)
  loop
    perform 1 from public.leads l where l.id = due for update skip locked;
    continue when not found;
    select * into booking from public.bookings b
    where b.lead_id = due and b.status = 'booked' and b.confirmed_at is null and b.confirm_by <= now() and b.end_date >= current_date;
    continue when booking.lead_id is null;
    perform private.lead_move(due, 'release');
    insert into public.booking_releases (lead_id, quote_id, vendor_id, booked_at, site_address, access_notes, site_contact,
                                         site_phone, window_preference)
    values (due, booking.quote_id, booking.vendor_id, booking.booked_at, booking.site_address, booking.access_notes,
            booking.site_contact, booking.site_phone, booking.window_preference);
    delete from public.bookings b where b.lead_id = due;
    update public.quotes q set status = 'open', closed_at = null
    where q.lead_id = due and q.status = 'closed' and q.closed_at = booking.booked_at and q.vendor_id <> booking.vendor_id;
    update public.quotes q set status = 'closed', closed_at = now() where q.id = booking.quote_id;
    update public.lead_recipients r set status = case when exists (
        select 1 from public.quotes q where q.lead_id = due and q.vendor_id = r.vendor_id and q.status = 'open') then 'quoted' end,
      status_reason = null, status_at = now()
    where r.lead_id = due and r.vendor_id <> booking.vendor_id and r.status = 'lost' and r.status_reason = 'The renter chose another vendor';
    update public.lead_recipients r set status = 'lost', status_reason = 'Booking released: the delivery window was not confirmed in time',
      status_at = now()
    where r.lead_id = due and r.vendor_id = booking.vendor_id;
    insert into public.outbox_messages (lead_id, vendor_id, channel, kind, recipient, payload, quote_id)
    select due, booking.vendor_id, 'email', 'released_renter', l.renter_email, jsonb_build_object('quote_id', booking.quote_id), booking.quote_id
    from public.leads l where l.id = due and l.renter_email is not null
    union all
    select due, v.id, 'email', 'released_vendor', v.email, jsonb_build_object('quote_id', booking.quote_id), booking.quote_id
    from public.vendors v where v.id = booking.vendor_id and v.email is not null;
    perform private.queue_text(due, 'released_renter', booking.vendor_id, false, jsonb_build_object('quote_id', booking.quote_id));
    released := released + 1;
  end loop;
  return released;
end;
$$;

revoke execute on function public.release_overdue_bookings(int) from public, anon, authenticated;
grant execute on function public.release_overdue_bookings(int) to service_role;
