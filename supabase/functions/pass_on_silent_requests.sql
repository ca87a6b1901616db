-- The response rules' job: each vendor whose first response to a sent request was due (due_at)
-- and did not come is marked silent (passed_at, counted against its response rate), and the
-- request is handed on to the next vendor (private.hand_on), the silent vendor told when it was.
-- A request no longer waiting for vendors (booked, withdrawn, erased) or marked spam only clears
-- its due times: ignoring spam is no silence.
-- Each request is locked before its recipients, as every writer of a request does, and one
-- another instance holds is left to it. Returns how many vendors were passed.
create or replace function public.pass_on_silent_requests(p_limit int default 50)
returns int language plpgsql security definer set search_path = '' as $$
declare
  due record;
  v_state text;
  v_spam boolean;
  silent boolean;
  passed int := 0;
begin
  -- The earliest due, taken vendor by vendor: counting a silence marks the vendor's response rate
  -- due (locking its mark), so instances that take vendors in the same order never deadlock.
  for due in
    select x.lead_id, x.vendor_id from (
      select r.lead_id, r.vendor_id from public.lead_recipients r
      where r.due_at <= now()
      order by r.due_at
      limit least(greatest(coalesce(p_limit, 50), 1), 500)) x
    order by x.vendor_id, x.lead_id
  loop
    select l.state, l.spam into v_state, v_spam from public.leads l where l.id = due.lead_id for update skip locked;
    continue when not found;
    update public.lead_recipients r set due_at = null,
      passed_at = case when v_state = 'sent' and not v_spam and r.responded_at is null then now() end
    where r.lead_id = due.lead_id and r.vendor_id = due.vendor_id and r.due_at <= now()
    returning r.passed_at is not null into silent;
    continue when not coalesce(silent, false);
    passed := passed + 1;
    if private.hand_on(due.lead_id, due.vendor_id, 'silent') is not null then
      insert into public.outbox_messages (lead_id, vendor_id, channel, kind, recipient)
      select due.lead_id, v.id, 'email', 'passed_vendor', v.email from public.vendors v where v.id = due.vendor_id and v.email is not null
      on conflict do nothing;
    end if;
  end loop;
  return passed;
end;
$$;

revoke execute on function public.pass_on_silent_requests(integer) from public, anon, authenticated;
grant execute on function public.pass_on_silent_requests(integer) to service_role;
