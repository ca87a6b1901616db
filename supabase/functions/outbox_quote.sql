-- A quote as its emails show it: the quote, its vendor's name, phone and address, and the
-- request's booking of it as private.rental_of shows it (for a cancellation, its reason). Null for an unknown quote.
create or replace function public.outbox_quote(p_quote_id bigint)
returns jsonb language sql stable security definer set search_path = '' as $$
  select to_jsonb(q) || jsonb_build_object(
    'vendor', jsonb_build_object('name', v.name, 'phone', v.phone, 'address', v.full_address),
    'booking', (select private.rental_of(b.lead_id) from public.bookings b where b.lead_id = q.lead_id and b.quote_id = q.id))
  from public.quotes q join public.vendors v on v.id = q.vendor_id
  where q.id = p_quote_id;
$$;

revoke execute on function public.outbox_quote(bigint) from public, anon, authenticated;
grant execute on function public.outbox_quote(bigint) to service_role;
