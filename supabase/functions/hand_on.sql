-- Hands a sent request on from a vendor that stayed silent past its due time or said it is not
-- available (p_why: silent, unavailable) to the next vendor by the same routing (nearest first
-- within the routing radius, never one the request already went to), while the rental has not
-- started, fewer than 3 vendors have answered (contacted or quoted), it was handed on fewer than 3
-- times (the consent sentence says so) and it has reached fewer than 6; each vendor hands it on once.
-- The new vendor is sent the request (email and text) with its own due time; the renter is told
-- who it went to and why. Returns the new vendor, or null when there was none to hand it to.
create or replace function private.hand_on(p_lead_id bigint, p_from_vendor bigint, p_why text)
returns bigint language plpgsql security definer set search_path = '' as $$
declare
  l public.leads;
  next record;
  told jsonb;
begin
  select * into l from public.leads x where x.id = p_lead_id;
  if l.rental_start_date < (now() at time zone private.lead_time_zone(l.id))::date then
    return null;
  end if;
  l := private.lead_move(p_lead_id, 'pass_on');
  if l.spam
     or (select count(*) from public.lead_recipients r where r.lead_id = l.id) >= 6
     or (select count(*) from public.lead_recipients r where r.lead_id = l.id and r.reason = 'passed_on') >= 3
     or exists (select 1 from public.lead_recipients r where r.lead_id = l.id and r.handed_from = p_from_vendor)
     or (select count(*) from public.lead_recipients r where r.lead_id = l.id and r.status in ('contacted', 'quoted', 'won')) >= 3 then
    return null;
  end if;
  select n.vendor_id, n.distance_miles into next
  from public.vendors_near_zip(l.location, 12) n
  where not exists (select 1 from public.lead_recipients r where r.lead_id = l.id and r.vendor_id = n.vendor_id)
  limit 1;
  if next.vendor_id is null then
    return null;
  end if;
  told := jsonb_build_object('from_vendor_name', (select v.name from public.vendors v where v.id = p_from_vendor), 'why', p_why);
  insert into public.lead_recipients (lead_id, vendor_id, reason, rank, distance_miles, due_at, handed_at, handed_from, handed_why)
  select l.id, next.vendor_id, 'passed_on', coalesce(max(r.rank), 0) + 1, next.distance_miles,
         private.business_hours_after(next.vendor_id, now(), 4), now(), p_from_vendor, p_why
  from public.lead_recipients r where r.lead_id = l.id;
  -- The request reaches the new vendor as it reached the first ones, from now.
  update public.lead_recipients r set completed_at = now() where r.lead_id = l.id and r.vendor_id = next.vendor_id;
  insert into public.outbox_messages (lead_id, vendor_id, channel)
  select l.id, v.id, 'email' from public.vendors v where v.id = next.vendor_id and v.email is not null;
  perform private.queue_text(l.id, 'lead', next.vendor_id, true);
  if l.renter_email is not null then
    insert into public.outbox_messages (lead_id, vendor_id, channel, kind, recipient, payload)
    values (l.id, next.vendor_id, 'email', 'passed_on', l.renter_email, told)
    on conflict do nothing;
  end if;
  perform private.queue_text(l.id, 'passed_on', next.vendor_id, false, told);
  return next.vendor_id;
end;
$$;

revoke execute on function private.hand_on(bigint,bigint,text) from public, anon, authenticated;
