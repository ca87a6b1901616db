-- The requests this browser sent (its owner token), newest first, at most 50: each with how
-- many vendors received it and how many have contacted the renter, and each vendor by name with
-- where it stands: sent, contacted, quoted, booked or cancelled; and the days booked. An erased
-- (deleted) request is no longer listed.
create or replace function public.renter_requests(p_owner_token text)
returns jsonb language sql stable security definer set search_path = '' as $$
  select coalesce(jsonb_agg(jsonb_build_object('id', l.id, 'skid_steer_type', l.skid_steer_type,
      'rental_start_date', l.rental_start_date, 'rental_end_date', l.rental_end_date, 'location', l.location,
      'completed_at', l.completed_at, 'withdrawn_at', l.withdrawn_at,
      'booking', (select jsonb_build_object('status', b.status, 'start_date', b.start_date, 'end_date', b.end_date)
                  from public.bookings b where b.lead_id = l.id),
      'recipients', (select count(*) from public.lead_recipients r where r.lead_id = l.id),
      'contacted', (select count(*) from public.lead_recipients r where r.lead_id = l.id and r.responded_at is not null),
      'vendors', (select coalesce(jsonb_agg(jsonb_build_object('name', v.name, 'stage', case
            when b.vendor_id = r.vendor_id and b.status = 'booked' then 'booked'
            when b.vendor_id = r.vendor_id then 'cancelled'
            when exists (select 1 from public.quotes q where q.lead_id = r.lead_id and q.vendor_id = r.vendor_id) then 'quoted'
            when r.responded_at is not null then 'contacted'
            else 'sent' end) order by r.rank), '[]'::jsonb)
        from public.lead_recipients r join public.vendors v on v.id = r.vendor_id
        left join public.bookings b on b.lead_id = r.lead_id
        where r.lead_id = l.id))
    order by l.completed_at desc, l.id desc), '[]'::jsonb)
  from (select * from public.leads x
        where p_owner_token is not null and x.completed and x.state <> 'erased'
          and x.owner_token_hash = encode(sha256(convert_to(p_owner_token, 'UTF8')), 'hex')
        order by x.completed_at desc, x.id desc limit 50) l;
$$;

revoke execute on function public.renter_requests(text) from public, anon, authenticated;
grant execute on function public.renter_requests(text) to service_role;
