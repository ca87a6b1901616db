-- The one way a rental request changes state: locks the request, finds the transition of this
-- action from its state (private.lead_transitions) and makes it, or refuses with a code that says
-- why (an erased, draft or unknown request answers as unknown). Returns the request as it is now.
-- Every write function of a request's life calls it before it writes anything else. A move to
-- erased is left to private.erase_requests, which empties the request in the same statement.
create or replace function private.lead_move(p_lead_id bigint, p_action text)
returns public.leads language plpgsql security definer set search_path = '' as $$
declare
  l public.leads;
  state text;
  target text;
begin
  select * into l from public.leads x where x.id = p_lead_id for update;
  -- A booked rental ends on the last day booked.
  state := private.lead_state(l.state, coalesce(
    (select b.end_date from public.bookings b where b.lead_id = l.id and b.status = 'booked'), l.rental_end_date));
  select t.to_state into target from private.lead_transitions t where t.action = p_action and t.from_state = state;
  if target is null then
    if l.id is null or state in ('draft', 'erased') then
      raise exception 'Rental request not found' using errcode = 'PT404', hint = 'no-request';
    end if;
    if p_action in ('confirm_window', 'dispatch', 'deliver', 'arrive', 'report_problem', 'extend', 'answer_extension', 'call_off',
                    'pick_up', 'add_line', 'send_bill', 'answer_line', 'settle') and state = 'sent' then
      raise exception 'This request has no booking' using errcode = 'P0001', hint = 'no-booking';
    elsif p_action = 'confirm_window' and state in ('confirmed', 'on_the_way', 'on_rent', 'returned', 'billed', 'settled') then
      raise exception 'The delivery window is already confirmed' using errcode = 'P0001', hint = 'window-confirmed';
    elsif p_action in ('dispatch', 'deliver') and state = 'booked' then
      raise exception 'Confirm the delivery window first' using errcode = 'P0001', hint = 'window-unconfirmed';
    elsif p_action = 'dispatch' and state = 'on_the_way' then
      raise exception 'The machine is already on its way' using errcode = 'P0001', hint = 'already-on-the-way';
    elsif p_action in ('dispatch', 'deliver') and state = 'on_rent' then
      raise exception 'The machine is already delivered' using errcode = 'P0001', hint = 'already-delivered';
    elsif p_action in ('arrive', 'report_problem', 'extend', 'answer_extension', 'call_off', 'pick_up')
          and state in ('booked', 'confirmed', 'on_the_way') then
      raise exception 'The machine is not marked delivered yet' using errcode = 'P0001', hint = 'not-delivered';
    elsif p_action in ('arrive', 'report_problem', 'extend', 'answer_extension', 'call_off', 'pick_up', 'dispatch', 'deliver')
          and state in ('returned', 'billed', 'settled') then
      raise exception 'The machine was picked up' using errcode = 'P0001', hint = 'picked-up';
    elsif p_action in ('add_line', 'send_bill') and state in ('booked', 'confirmed', 'on_the_way', 'on_rent') then
      raise exception 'The machine is not picked up yet' using errcode = 'P0001', hint = 'not-picked-up';
    elsif p_action in ('add_line', 'send_bill') and state in ('billed', 'settled') then
      raise exception 'The bill was sent' using errcode = 'P0001', hint = 'bill-sent';
    elsif p_action in ('answer_line', 'settle') and state in ('booked', 'confirmed', 'on_the_way', 'on_rent', 'returned') then
      raise exception 'The bill is not sent yet' using errcode = 'P0001', hint = 'no-bill';
    elsif p_action in ('answer_line', 'settle') and state = 'settled' then
      raise exception 'The bill is settled' using errcode = 'P0001', hint = 'bill-settled';
    elsif p_action = 'cancel' and state in ('on_the_way', 'on_rent', 'returned', 'billed', 'settled') then
      raise exception 'The rental has started' using errcode = 'P0001', hint = 'rental-started';
    elsif p_action = 'delete' and state in ('sent', 'booked', 'confirmed', 'on_the_way', 'on_rent', 'returned', 'billed') then
      raise exception 'A request can be deleted once its rental has ended, it was withdrawn or its booking cancelled'
        using errcode = 'P0001', hint = 'delete-too-early';
    elsif p_action = 'cancel' and state = 'over' then
      raise exception 'The rental has started' using errcode = 'P0001', hint = 'rental-started';
    elsif p_action = 'cancel' then
      raise exception 'This request has no booking' using errcode = 'P0001', hint = 'no-booking';
    elsif p_action = 'book' and state in ('booked', 'confirmed', 'on_the_way', 'on_rent', 'returned', 'billed', 'settled') then
      raise exception 'This request is already booked' using errcode = 'P0001', hint = 'already-booked';
    elsif state = 'withdrawn' then
      raise exception 'The request was withdrawn' using errcode = 'P0001', hint = 'request-withdrawn';
    elsif state in ('booked', 'confirmed', 'on_the_way', 'on_rent', 'returned', 'billed', 'settled') then
      raise exception 'The request is booked' using errcode = 'P0001', hint = 'request-booked';
    elsif state = 'cancelled' then
      raise exception 'The request''s booking was cancelled' using errcode = 'P0001', hint = 'request-cancelled';
    elsif state = 'over' then
      raise exception 'The rental is over' using errcode = 'P0001', hint = 'rental-over';
    end if;
    raise exception 'Not allowed while the request is %', state using errcode = 'P0001', hint = 'request-state';
  end if;
  if target not in (state, 'over', 'erased') then
    update public.leads x set state = target, completed = target <> 'draft', updated_at = now() where x.id = l.id returning * into l;
  end if;
  return l;
end;
$$;

revoke execute on function private.lead_move(bigint,text) from public, anon, authenticated;
