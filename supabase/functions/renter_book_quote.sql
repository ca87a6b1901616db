-- Books one quote of the renter's own request (proven as renter_owns_lead proves it). The request's row is
-- locked, so of two bookings at once exactly one is made; a request has at most one booking.
-- The request must be sent (private.lead_move), the quote open and still valid. The booking holds
-- the dates booked: the quote's other dates when it offered them, else the request's. The booked vendor is told with the renter's details,
-- the renter gets a confirmation, and every other vendor that received the request is told the
-- renter chose another vendor, its open quote closed. Returns the booking.
create or replace function public.renter_book_quote(p_lead_id bigint, p_owner_token text, p_link_hash text, p_quote_id bigint)
returns jsonb language plpgsql security definer set search_path = '' as $$
declare
  l public.leads;
  chosen public.quotes;
  booking public.bookings;
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

  insert into public.bookings (lead_id, quote_id, vendor_id, start_date, end_date)
  values (l.id, chosen.id, chosen.vendor_id, coalesce(chosen.alternate_start, l.rental_start_date),
          coalesce(chosen.alternate_end, l.rental_end_date))
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
  where r.lead_id = l.id and v.email is not null;
  if l.renter_email is not null then
    insert into public.outbox_messages (lead_id, vendor_id, channel, kind, recipient, payload, quote_id)
    values (l.id, chosen.vendor_id, 'email', 'booking_confirmation', l.renter_email, jsonb_build_object('quote_id', chosen.id), chosen.id);
  end if;
  return to_jsonb(booking);
end;
$$;

revoke execute on function public.renter_book_quote(bigint,text,text,bigint) from public, anon, authenticated;
grant execute on function public.renter_book_quote(bigint,text,text,bigint) to service_role;
