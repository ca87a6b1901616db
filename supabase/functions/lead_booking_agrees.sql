-- Constraint trigger, checked at commit: a request is booked (from booked to settled)
-- exactly when it has a booking that is not cancelled, but for an erased one, whose ended rental's
-- booking stays as the record.
create or replace function private.lead_booking_agrees()
returns trigger language plpgsql security definer set search_path = '' as $$
declare
  l public.leads;
  live boolean;
begin
  if tg_table_name = 'leads' then
    select * into l from public.leads x where x.id = new.id;
  else
    select * into l from public.leads x where x.id = new.lead_id;
  end if;
  if l.id is null then
    return null;
  end if;
  live := exists (select 1 from public.bookings b where b.lead_id = l.id and b.status = 'booked');
  if (l.state in ('booked', 'confirmed', 'on_the_way', 'on_rent', 'returned', 'billed', 'settled') and not live)
     or (live and l.state not in ('booked', 'confirmed', 'on_the_way', 'on_rent', 'returned', 'billed', 'settled', 'erased')) then
    raise exception 'Request % is % but its booking says otherwise', l.id, l.state using errcode = 'P0001', hint = 'request-state';
  end if;
  return null;
end;
$$;

revoke execute on function private.lead_booking_agrees() from public, anon, authenticated;
