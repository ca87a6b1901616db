-- The renter accepts or disputes, with a reason, one line of the final bill that did not follow
-- from the quote (proven as renter_owns_lead proves it), once. A disputed line is told to the
-- vendor (and shows on the console); the bill is settled when every such line is answered.
create or replace function public.renter_answer_line(p_lead_id bigint, p_owner_token text, p_link_hash text, p_line_id bigint,
  p_accept boolean, p_reason text)
returns jsonb language plpgsql security definer set search_path = '' as $$
declare
  line public.bill_lines;
  why constant text := trim(coalesce(p_reason, ''));
  booking public.bookings;
begin
  if not private.renter_owns_lead(p_lead_id, p_owner_token, p_link_hash) then
    raise exception 'Rental request not found' using errcode = 'PT404', hint = 'no-request';
  end if;
  perform private.lead_move(p_lead_id, 'answer_line');
  select * into line from public.bill_lines l where l.id = p_line_id and l.lead_id = p_lead_id and not l.in_quote;
  if line.id is null then
    raise exception 'No such line' using errcode = 'PT404', hint = 'no-line';
  end if;
  if line.answer is not null then
    raise exception 'You already answered this line' using errcode = 'P0001', hint = 'line-answered';
  end if;
  if p_accept is null then
    raise exception 'Accept or dispute' using errcode = 'P0001', hint = 'line-answer';
  end if;
  if not p_accept and length(why) = 0 then
    raise exception 'Say why you dispute it' using errcode = 'P0001', hint = 'dispute-reason';
  end if;
  if why ~ '[\u202a-\u202e\u2066-\u2069]' then
    raise exception 'The reason holds a character that cannot be typed' using errcode = 'P0001', hint = 'dispute-reason';
  end if;
  if length(why) > 500 then
    raise exception 'A field is too long' using errcode = 'P0001', hint = 'too-long';
  end if;
  update public.bill_lines l set answer = case when p_accept then 'accepted' else 'disputed' end,
    dispute_reason = case when p_accept then null else why end, answered_at = now()
  where l.id = line.id;
  if not p_accept then
    select * into booking from public.bookings b where b.lead_id = p_lead_id;
    insert into public.outbox_messages (lead_id, vendor_id, channel, kind, recipient, payload, quote_id, event_id)
    select p_lead_id, v.id, 'email', 'line_disputed', v.email, jsonb_build_object('quote_id', booking.quote_id, 'line_id', line.id),
           booking.quote_id, line.id
    from public.vendors v where v.id = booking.vendor_id and v.email is not null;
  end if;
  perform private.settle_if_answered(p_lead_id);
  return private.rental_of(p_lead_id);
end;
$$;

revoke execute on function public.renter_answer_line(bigint,text,text,bigint,boolean,text) from public, anon, authenticated;
grant execute on function public.renter_answer_line(bigint,text,text,bigint,boolean,text) to service_role;
