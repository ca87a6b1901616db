-- Queues a message of this kind about the request's booking to the renter: an email when they gave
-- an address, and a text of the kinds texted (the booking and the delivery's steps); once per booked quote.
create or replace function private.tell_renter(p_lead_id bigint, p_kind text)
returns void language sql security definer set search_path = '' as $$
  select private.queue_text(b.lead_id, p_kind, b.vendor_id, false, jsonb_build_object('quote_id', b.quote_id))
  from public.bookings b where b.lead_id = p_lead_id and p_kind in ('window_confirmed', 'on_the_way', 'delivered', 'picked_up');
  insert into public.outbox_messages (lead_id, vendor_id, channel, kind, recipient, payload, quote_id)
  select l.id, b.vendor_id, 'email', p_kind, l.renter_email, jsonb_build_object('quote_id', b.quote_id), b.quote_id
  from public.leads l join public.bookings b on b.lead_id = l.id
  where l.id = p_lead_id and l.renter_email is not null
  on conflict do nothing;
$$;

revoke execute on function private.tell_renter(bigint,text) from public, anon, authenticated;
