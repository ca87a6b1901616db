-- Books one quote of the renter's own request (proven as renter_owns_lead proves it). The request's row is
-- locked, so of two bookings at once exactly one is made; a request has at most one booking.
-- The request must be sent (private.lead_move), the quote open and still valid. The booking holds
-- the dates booked: the quote's other dates when it offered them, else the request's. The booked vendor is told with the renter's details,
-- the renter gets a confirmation, and every other vendor that received the request is told the
-- renter chose another vendor, its open quote closed. The booking holds the job site's address,
-- access notes, site contact and phone, and when the renter would like the machine delivered; the
-- vendor's delivery window is due by confirm_by (4 of its business hours, no later than 24 hours
-- before the rental starts, and at least an hour after booking). A vendor whose booking was
-- released is not booked again for the request. Returns the booking.
create or replace function public.renter_book_quote(p_lead_id bigint, p_owner_token text, p_link_hash text, p_quote_id bigint,
  p_site_address text, p_access_notes text, p_site_contact text, p_site_phone text, p_window_preference text)
returns jsonb language plpgsql security definer set search_path = '' as $$
declare
  l public.leads;
  chosen public.quotes;
  booking public.bookings;
  address constant text := trim(coalesce(p_site_address, ''));
  notes constant text := nullif(trim(coalesce(p_access_notes, '')), '');
  contact constant text := trim(coalesce(p_site_contact, ''));
  phone constant text := trim(coalesce(p_site_phone, ''));
  starts timestamptz;
begin
  if not private.renter_owns_lead(p_lead_id, p_owner_token, p_link_hash) then
    raise exception 'Rental request not found' using errcode = 'PT404', hint = 'no-request';
  end if;
  l := private.lead_move(p_lead_id, 'book');
  select * into chosen from public.quotes q where q.id = p_quote_id and q.lead_id = l.id;
  if chosen.id is null then
    raise exception 'No such quote' using errcode = 'PT404', hint = 'no-quote';
  end if;
  if chosen.status <> 'open' then
    raise exception 'This quote was replaced or withdrawn' using errcode = 'P0001', hint = 'quote-closed';
  end if;
  if chosen.valid_until <= now() then
    raise exception 'This quote has expired' using errcode = 'P0001', hint = 'quote-expired';
  end if;

  if length(address) < 5 or length(address) > 200 then
    raise exception 'Give the job site''s street address' using errcode = 'P0001', hint = 'site-address';
  end if;
  if length(contact) < 1 or length(contact) > 100 then
    raise exception 'Give the site contact''s name' using errcode = 'P0001', hint = 'site-contact';
  end if;
  if length(regexp_replace(phone, '\D', '', 'g')) not between 10 and 11 or length(phone) > 30 then
    raise exception 'Give the site contact''s phone number' using errcode = 'P0001', hint = 'site-phone';
  end if;
  if length(notes) > 500 then
    raise exception 'A field is too long' using errcode = 'P0001', hint = 'too-long';
  end if;
  if p_window_preference is null or p_window_preference not in ('early', 'morning', 'afternoon', 'any') then
    raise exception 'Choose when you would like the machine delivered' using errcode = 'P0001', hint = 'window-preference';
  end if;

  starts := coalesce(chosen.alternate_start, l.rental_start_date)::timestamp at time zone private.lead_time_zone(l.id);
  insert into public.bookings (lead_id, quote_id, vendor_id, start_date, end_date, site_address, access_notes, site_contact,
                               site_phone, window_preference, confirm_by)
  values (l.id, chosen.id, chosen.vendor_id, coalesce(chosen.alternate_start, l.rental_start_date),
          coalesce(chosen.alternate_end, l.rental_end_date), address, notes, contact, phone, p_window_preference,
          greatest(least(private.business_hours_after(chosen.vendor_id, now(), 4), starts - interval '24 hours'),
                   now() + interval '1 hour'))
  returning * into booking;
  update public.quotes q set status = case when q.id = chosen.id then 'booked' else 'closed' end, closed_at = now()
  where q.lead_id = l.id and q.status = 'open';
  update public.lead_recipients r set
    status = case when r.vendor_id = chosen.vendor_id then 'won' else 'lost' end,
    status_reason = case when r.vendor_id = chosen.vendor_id then null else 'The renter chose another vendor' end,
    status_at = now()
  where r.lead_id = l.id;
  insert into public.outbox_messages (lead_id, vendor_id, channel, kind, recipient, payload, quote_id)
  select l.id, r.vendor_id, 'email', case when r.vendor_id = chosen.vendor_id then 'booked' else 'chose_another' end, v.email,
         jsonb_build_object('quote_id', chosen.id), chosen.id
  from public.lead_recipients r join public.vendors v on v.id = r.vendor_id
  where r.lead_id = l.id and v.email is not null
    -- A vendor told once that the renter chose another is not told again after a release.
    and (r.vendor_id = chosen.vendor_id or not exists (
      select 1 from public.outbox_messages m
      where m.lead_id = l.id and m.vendor_id = r.vendor_id and m.kind in ('chose_another', 'released_vendor')));
  if l.renter_email is not null then
    insert into public.outbox_messages (lead_id, vendor_id, channel, kind, recipient, payload, quote_id)
    values (l.id, chosen.vendor_id, 'email', 'booking_confirmation', l.renter_email, jsonb_build_object('quote_id', chosen.id), chosen.id);
  end if;
  perform private.queue_text(l.id, 'booked', chosen.vendor_id, true, jsonb_build_object('quote_id', chosen.id));
  perform private.queue_text(l.id, 'booking_confirmation', chosen.vendor_id, false, jsonb_build_object('quote_id', chosen.id));
  return to_jsonb(booking);
end;
$$;

revoke execute on function public.renter_book_quote(bigint,text,text,bigint,text,text,text,text,text) from public, anon, authenticated;
grant execute on function public.renter_book_quote(bigint,text,text,bigint,text,text,text,text,text) to service_role;
