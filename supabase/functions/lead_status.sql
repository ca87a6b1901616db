-- A renter's own request, for its private status page, proven as renter_owns_lead proves it;
-- a wrong proof answers as an unknown request. Which vendors it
-- went to, and for each whether the email was sent, whether the vendor has answered, and
-- the renter's review of it: why it cannot be reviewed yet, or the review and its state; its
-- published reviews and response time, and its latest quote; and the request's booking.
create or replace function public.lead_status(p_lead_id bigint, p_owner_token text, p_link_hash text default null)
returns jsonb language sql stable security definer set search_path = '' as $$
  select jsonb_build_object('id', l.id, 'skid_steer_type', l.skid_steer_type, 'rental_start_date', l.rental_start_date,
    'rental_end_date', l.rental_end_date, 'rental_days', l.rental_days, 'location', l.location, 'completed_at', l.completed_at,
    'withdrawn_at', l.withdrawn_at,
    'booking', private.rental_of(l.id),
    -- The latest booking released because its vendor did not confirm a window in time.
    'released', (select jsonb_build_object('vendor_name', v.name, 'released_at', x.released_at, 'site_address', x.site_address,
                   'access_notes', x.access_notes, 'site_contact', x.site_contact, 'site_phone', x.site_phone,
                   'window_preference', x.window_preference)
                 from public.booking_releases x join public.vendors v on v.id = x.vendor_id
                 where x.lead_id = l.id order by x.released_at desc limit 1),
    'recipients', (select coalesce(jsonb_agg(jsonb_build_object(
        'vendor_id', v.id, 'vendor_name', v.name, 'phone', v.phone, 'reason', r.reason, 'sent', exists (select 1 from public.outbox_messages m
                                               where m.lead_id = l.id and m.vendor_id = r.vendor_id and m.status = 'sent'),
        'contacted', r.responded_at is not null,
        'unavailable', case when r.status = 'unavailable' then r.status_reason end,
        'handed', case when r.handed_at is not null then jsonb_build_object('at', r.handed_at, 'why', r.handed_why,
                    'from', (select f.name from public.vendors f where f.id = r.handed_from)) end,
        'reviews', public.vendor_review_summary(v.id), 'response', private.vendor_response(v.id),
        -- The vendor's latest quote, whatever became of it (revision > 1: it was revised).
        'quote', (select to_jsonb(q) from public.quotes q where q.lead_id = l.id and q.vendor_id = r.vendor_id
                  order by q.revision desc limit 1),
        'review_refusal', public.review_refusal(l.id, r.vendor_id),
        'review', (select jsonb_build_object('stars', w.stars, 'body', w.body, 'status', w.status, 'reject_reason', w.reject_reason,
                                             'editable', w.created_at > now() - interval '30 days')
                   from public.reviews w where w.lead_id = l.id and w.vendor_id = r.vendor_id)) order by r.rank), '[]'::jsonb)
      from public.lead_recipients r join public.vendors v on v.id = r.vendor_id where r.lead_id = l.id))
  from public.leads l
  where l.id = p_lead_id and private.renter_owns_lead(p_lead_id, p_owner_token, p_link_hash);
$$;

revoke execute on function public.lead_status(bigint,text,text) from public, anon, authenticated;
grant execute on function public.lead_status(bigint,text,text) to service_role;
