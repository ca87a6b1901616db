-- Claims up to p_limit due outbox messages for one sender (skip locked, with a lease), so
-- any number of senders in any number of instances send each message once; returns each
-- with what its template needs. A text is never claimed for a number that stopped texts or
-- cannot receive them, nor in its recipient's quiet hours unless it is urgent (text_send_at).
create or replace function public.claim_outbox_messages(p_limit int default 20, p_lease_seconds int default 120)
returns jsonb language plpgsql security definer set search_path = '' as $$
declare claimed jsonb;
begin
  with due as (
    select m.id from public.outbox_messages m
    where ((m.status = 'pending' and m.next_attempt_at <= now())
       or (m.status = 'sending' and m.claimed_until < now()))
      and (m.channel <> 'sms' or (
        not exists (select 1 from public.text_numbers n
                    where n.phone = m.recipient and (n.stopped_at is not null or n.unreachable_at is not null))
        and private.text_send_at(m.text_zone, now(), (select l.rental_start_date from public.leads l where l.id = m.lead_id)) <= now()))
    order by m.next_attempt_at, m.id
    limit least(greatest(coalesce(p_limit, 20), 1), 100)
    for update skip locked
  ),
  taken as (
    update public.outbox_messages m set
      status = 'sending', attempts = m.attempts + 1, claim_id = gen_random_uuid(),
      claimed_until = now() + make_interval(secs => greatest(coalesce(p_lease_seconds, 120), 10))
    from due where m.id = due.id
    returning m.*
  )
  select coalesce(jsonb_agg(jsonb_build_object(
      'id', t.id, 'claim_id', t.claim_id, 'channel', t.channel, 'attempts', t.attempts,
      'kind', t.kind, 'payload', t.payload, 'recipient', t.recipient,
      'lead', case when l.id is not null then jsonb_build_object(
        'id', l.id, 'name', l.name, 'phone', l.phone, 'email', l.renter_email, 'skid_steer_type', l.skid_steer_type,
        'rental_start_date', l.rental_start_date, 'rental_end_date', l.rental_end_date,
        'rental_days', l.rental_days, 'location', l.location, 'completed_at', l.completed_at,
        'vendor_id', l.vendor_id, 'vendor_name', l.vendor_name) end,
      'vendor', (select jsonb_build_object('id', v.id, 'name', v.name, 'email', v.email, 'reason', r.reason,
                                           'distance_miles', r.distance_miles)
                 from public.vendors v left join public.lead_recipients r on r.vendor_id = v.id and r.lead_id = l.id
                 where v.id = t.vendor_id),
      'recipients', (select coalesce(jsonb_agg(jsonb_build_object('vendor_id', r.vendor_id, 'vendor_name', v.name,
                                                                   'reason', r.reason) order by r.rank), '[]'::jsonb)
                     from public.lead_recipients r join public.vendors v on v.id = r.vendor_id where r.lead_id = l.id))
      order by t.id), '[]'::jsonb)
  into claimed
  from taken t left join public.leads l on l.id = t.lead_id;
  return claimed;
end;
$$;

revoke execute on function public.claim_outbox_messages(integer,integer) from public, anon, authenticated;
grant execute on function public.claim_outbox_messages(integer,integer) to service_role;
