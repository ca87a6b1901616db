-- Whether a published review's rental was booked through the site ("Booked through Skid Steer
-- Rentals"). It reads the bookings as its owner for the public review pages, and says nothing of
-- a review that is not published.
create or replace function private.review_booked(p_review_id bigint)
returns boolean language sql stable security definer set search_path = '' as $$
  select exists (
    select 1 from public.reviews r join public.bookings b on b.lead_id = r.lead_id and b.vendor_id = r.vendor_id and b.status = 'booked'
    where r.id = p_review_id and r.status = 'published');
$$;

revoke execute on function private.review_booked(bigint) from public;
grant execute on function private.review_booked(bigint) to anon, authenticated, service_role;
