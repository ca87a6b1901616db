-- The renter asks to extend a rental on rent (proven as renter_owns_lead proves it) to a new last
-- day, at most 28 days past the quoted one in all; priced by the quote's own periods (private.rental_price).
-- One ask at a time, none after calling the rental off. The booked vendor is told.
create or replace function public.renter_extend(p_lead_id bigint, p_owner_token text, p_link_hash text, p_new_end date)
returns jsonb language plpgsql security definer set search_path = '' as $$
declare
  booking public.bookings;
  asked public.rental_extensions;
begin
  if not private.renter_owns_lead(p_lead_id, p_owner_token, p_link_hash) then
    raise exception 'Rental request not found' using errcode = 'PT404', hint = 'no-request';
  end if;
  perform private.lead_move(p_lead_id, 'extend');
  select * into booking from public.bookings b where b.lead_id = p_lead_id;
  if booking.off_rent_at is not null then
    raise exception 'The rental was called off' using errcode = 'P0001', hint = 'called-off';
  end if;
  if p_new_end is null or p_new_end <= booking.end_date or p_new_end < current_date then
    raise exception 'Choose a day after the rental''s last day' using errcode = 'P0001', hint = 'extension-dates';
  end if;
  if p_new_end - (select coalesce(q.alternate_end, l.rental_end_date) from public.quotes q join public.leads l on l.id = q.lead_id
                   where q.id = booking.quote_id) > 28 then
    raise exception 'Extensions add at most 28 days' using errcode = 'P0001', hint = 'extension-too-long';
  end if;
  if exists (select 1 from public.rental_extensions x where x.lead_id = p_lead_id and x.status = 'asked') then
    raise exception 'An extension is already waiting for the vendor' using errcode = 'P0001', hint = 'extension-open';
  end if;
  insert into public.rental_extensions (lead_id, new_end, added_days, price_cents)
  values (p_lead_id, p_new_end, p_new_end - booking.end_date, private.rental_price(booking.quote_id, p_new_end - booking.end_date))
  returning * into asked;
  insert into public.outbox_messages (lead_id, vendor_id, channel, kind, recipient, payload, quote_id, event_id)
  select p_lead_id, v.id, 'email', 'extension_asked', v.email, jsonb_build_object('quote_id', booking.quote_id, 'extension_id', asked.id),
         booking.quote_id, asked.id
  from public.vendors v where v.id = booking.vendor_id and v.email is not null;
  return private.rental_of(p_lead_id);
end;
$$;

revoke execute on function public.renter_extend(bigint,text,text,date) from public, anon, authenticated;
grant execute on function public.renter_extend(bigint,text,text,date) to service_role;
