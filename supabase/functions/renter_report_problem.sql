-- The renter reports a problem with the delivery (proven as renter_owns_lead proves it), once: the
-- machine did not arrive (before delivery too, once the window has passed; never after confirming it
-- arrived), is the wrong machine, or is damaged, with a note and, but for a machine that did not
-- arrive, 1 to 8 photos. The vendor is told.
create or replace function public.renter_report_problem(p_lead_id bigint, p_owner_token text, p_link_hash text, p_problem text,
  p_note text, p_photos text[])
returns jsonb language plpgsql security definer set search_path = '' as $$
declare
  booking public.bookings;
  note constant text := trim(coalesce(p_note, ''));
begin
  if not private.renter_owns_lead(p_lead_id, p_owner_token, p_link_hash) then
    raise exception 'Rental request not found' using errcode = 'PT404', hint = 'no-request';
  end if;
  perform private.lead_move(p_lead_id, 'report_problem');
  select * into booking from public.bookings b where b.lead_id = p_lead_id;
  if booking.problem is not null then
    raise exception 'You already reported a problem' using errcode = 'P0001', hint = 'problem-reported';
  end if;
  if p_problem is null or p_problem not in ('not_arrived', 'wrong_machine', 'damaged') then
    raise exception 'Choose what is wrong' using errcode = 'P0001', hint = 'problem-invalid';
  end if;
  -- Before delivery only a machine that did not come can be reported, once its window has passed.
  if booking.delivered_at is null and p_problem <> 'not_arrived' then
    raise exception 'The machine is not marked delivered yet' using errcode = 'P0001', hint = 'not-delivered';
  end if;
  if booking.delivered_at is null and now() < booking.window_end then
    raise exception 'The delivery window has not passed yet' using errcode = 'P0001', hint = 'window-open';
  end if;
  if booking.arrived_at is not null and p_problem = 'not_arrived' then
    raise exception 'You confirmed the machine arrived' using errcode = 'P0001', hint = 'already-arrived';
  end if;
  if length(note) = 0 then
    raise exception 'Please say what is wrong' using errcode = 'P0001', hint = 'problem-note';
  end if;
  if length(note) > 500 then
    raise exception 'A field is too long' using errcode = 'P0001', hint = 'too-long';
  end if;
  perform private.add_rental_photos(p_lead_id, 'problem', p_photos, case when p_problem = 'not_arrived' then 0 else 1 end);
  update public.bookings b set problem = p_problem, problem_note = note, problem_at = now() where b.lead_id = p_lead_id;
  insert into public.outbox_messages (lead_id, vendor_id, channel, kind, recipient, payload, quote_id)
  select p_lead_id, v.id, 'email', 'problem_reported', v.email, jsonb_build_object('quote_id', booking.quote_id), booking.quote_id
  from public.vendors v where v.id = booking.vendor_id and v.email is not null;
  return private.rental_of(p_lead_id);
end;
$$;

revoke execute on function public.renter_report_problem(bigint,text,text,text,text,text[]) from public, anon, authenticated;
grant execute on function public.renter_report_problem(bigint,text,text,text,text,text[]) to service_role;
