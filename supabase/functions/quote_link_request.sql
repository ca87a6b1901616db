-- The request an emailed "Send a quote" link opens (any number of times while it lasts, for
-- that one request only): what the vendor needs to quote it, its rate card to prefill from, and
-- its open quote if any. A wrong or expired token answers as an unknown link.
create or replace function public.quote_link_request(p_token_hash text)
returns jsonb language sql stable security definer set search_path = '' as $$
  select jsonb_build_object('lead_id', l.id, 'vendor_id', v.id, 'vendor_name', v.name, 'skid_steer_type', l.skid_steer_type,
    'rental_start_date', l.rental_start_date, 'rental_end_date', l.rental_end_date, 'rental_days', l.rental_days,
    'location', l.location, 'withdrawn', l.withdrawn_at is not null,
    'booked', exists (select 1 from public.bookings b where b.lead_id = l.id),
    'rate_card', public.rate_card_json(v.id),
    'miles', public.vendor_miles_to_zip(v.id, l.location),
    'quote', (select to_jsonb(x) from public.quotes x where x.lead_id = l.id and x.vendor_id = v.id and x.status = 'open'))
  from public.auth_links a
  join public.leads l on l.id = a.lead_id
  join public.vendors v on v.id = a.vendor_id
  where a.token_hash = p_token_hash and a.purpose = 'lead_quote' and a.expires_at > now();
$$;

revoke execute on function public.quote_link_request(text) from public, anon, authenticated;
grant execute on function public.quote_link_request(text) to service_role;
