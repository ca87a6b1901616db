-- Recounts a vendor's two public records over the rentals settled through the site in the last 12
-- months: delivered on time (marked delivered within the confirmed window, and no problem reported
-- within 24 hours of it), and final bill matched the quote (no line outside the quote's terms: a
-- disputed line never counts as matched).
create or replace function private.vendor_rental_records(p_vendor_id bigint)
returns void language sql security definer set search_path = '' as $$
  update public.vendors v set rentals_completed = s.total, rentals_on_time = s.on_time, rentals_matched = s.matched, rentals_since = s.since
  from (
    select count(*)::int as total,
      (count(*) filter (where b.delivered_at between b.window_start and b.window_end
                          and (b.problem_at is null or b.problem_at > b.delivered_at + interval '24 hours')))::int as on_time,
      (count(*) filter (where not exists (select 1 from public.bill_lines l where l.lead_id = b.lead_id and not l.in_quote)))::int as matched,
      min(b.settled_at)::date as since
    from public.bookings b
    where b.vendor_id = p_vendor_id and b.settled_at > now() - interval '12 months') s
  where v.id = p_vendor_id;
$$;

revoke execute on function private.vendor_rental_records(bigint) from public, anon, authenticated;
