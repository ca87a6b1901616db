-- The booked vendor accepts or declines the open extension ask. Accepted, the booking's last day
-- moves and the calendar invitation is updated (SEQUENCE raised). The renter is told either way.
create or replace function public.business_answer_extension(p_email text, p_vendor_id bigint, p_lead_id bigint, p_accept boolean)
returns jsonb language plpgsql security definer set search_path = '' as $$
declare
  answered public.rental_extensions;
  booking public.bookings;
begin
  perform private.booked_vendor(p_email, p_vendor_id, p_lead_id);
  perform private.lead_move(p_lead_id, 'answer_extension');
  if p_accept is null then
    raise exception 'Accept or decline' using errcode = 'P0001', hint = 'extension-answer';
  end if;
  update public.rental_extensions x set status = case when p_accept then 'accepted' else 'declined' end, answered_at = now()
  where x.lead_id = p_lead_id and x.status = 'asked'
  returning * into answered;
  if answered.id is null then
    raise exception 'No extension is waiting for an answer' using errcode = 'P0001', hint = 'no-extension';
  end if;
  if p_accept then
    update public.bookings b set end_date = answered.new_end, sequence = b.sequence + 1 where b.lead_id = p_lead_id;
  end if;
  select * into booking from public.bookings b where b.lead_id = p_lead_id;
  insert into public.outbox_messages (lead_id, vendor_id, channel, kind, recipient, payload, quote_id, event_id)
  select l.id, booking.vendor_id, 'email', 'extension_answered', l.renter_email,
         jsonb_build_object('quote_id', booking.quote_id, 'extension_id', answered.id), booking.quote_id, answered.id
  from public.leads l where l.id = p_lead_id and l.renter_email is not null;
  return private.rental_of(p_lead_id);
end;
$$;

revoke execute on function public.business_answer_extension(text,bigint,bigint,boolean) from public, anon, authenticated;
grant execute on function public.business_answer_extension(text,bigint,bigint,boolean) to service_role;
