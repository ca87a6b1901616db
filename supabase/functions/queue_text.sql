-- Queues a text of this kind about a request: to the vendor (p_to_vendor) at its listing's phone
-- when its business is on the site (it listed or claimed it), or to the renter at the phone they
-- gave with their consent. Nothing is queued to a number that stopped texts or cannot receive
-- them, nor twice for the same message. Outside the recipient's waking hours it waits for 8 am
-- there (private.text_send_at).
create or replace function private.queue_text(p_lead_id bigint, p_kind text, p_vendor_id bigint, p_to_vendor boolean,
                                              p_payload jsonb default '{}'::jsonb)
returns void language plpgsql security definer set search_path = '' as $$
declare
  l public.leads;
  number text;
  zone text;
begin
  select * into l from public.leads x where x.id = p_lead_id;
  if p_to_vendor then
    select v.phone_e164, coalesce(s.time_zone, 'America/Chicago') into number, zone
    from public.vendors v left join public.states s on s.id = v.state_id
    where v.id = p_vendor_id and (v.claimed_at is not null or v.listed_at is not null);
  elsif exists (select 1 from public.lead_consents c where c.lead_id = p_lead_id) then
    number := l.phone_e164;
    zone := private.lead_time_zone(p_lead_id);
  end if;
  if number is null or exists (select 1 from public.text_numbers n
                              where n.phone = number and (n.stopped_at is not null or n.unreachable_at is not null)) then
    return;
  end if;
  insert into public.outbox_messages (lead_id, vendor_id, channel, kind, recipient, payload, quote_id, event_id, text_zone, next_attempt_at)
  values (p_lead_id, p_vendor_id, 'sms', p_kind, number, coalesce(p_payload, '{}'::jsonb), (p_payload->>'quote_id')::bigint,
          (p_payload->>'event_id')::bigint, zone, private.text_send_at(zone, now(), l.rental_start_date))
  on conflict do nothing;
end;
$$;

revoke execute on function private.queue_text(bigint,text,bigint,boolean,jsonb) from public, anon, authenticated;
