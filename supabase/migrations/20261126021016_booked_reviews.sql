-- Written by npm run db:migration from supabase/functions/ (edit those files, not this one).

-- supabase/functions/review_booked.sql
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

-- supabase/functions/business_reviews.sql
-- The published reviews of every listing the address manages, in one call: the newest
-- p_limit (50 by default, at most 1,000), each with its listing, its reply and whether the
-- business reported it; and whether older ones exist.
create or replace function public.business_reviews(p_email text, p_limit int default 50)
returns jsonb language sql stable security definer set search_path = '' as $$
  with page as (
    select r.*, v.name as vendor_name, row_number() over (order by r.published_at desc, r.id desc) as n
    from public.vendor_managers m
    join public.reviews r on r.vendor_id = m.vendor_id and r.status = 'published'
    join public.vendors v on v.id = r.vendor_id
    where m.email = lower(trim(coalesce(p_email, '')))
    order by r.published_at desc, r.id desc
    limit least(greatest(coalesce(p_limit, 50), 1), 1000) + 1
  )
  select jsonb_build_object(
    'reviews', coalesce((select jsonb_agg(jsonb_build_object('id', p.id, 'vendor_id', p.vendor_id, 'vendor_name', p.vendor_name,
        'stars', p.stars, 'body', p.body, 'author', p.author, 'machine', p.machine, 'requested_at', p.requested_at,
        'published_at', p.published_at, 'reply', p.reply, 'replied_at', p.replied_at, 'reported', p.reported_at is not null,
        'booked', private.review_booked(p.id))
        order by p.n) from page p where p.n <= least(greatest(coalesce(p_limit, 50), 1), 1000)), '[]'::jsonb),
    'more', (select count(*) from page) > least(greatest(coalesce(p_limit, 50), 1), 1000));
$$;

revoke execute on function public.business_reviews(text,integer) from public, anon, authenticated;
grant execute on function public.business_reviews(text,integer) to service_role;

-- supabase/functions/operator_review_page.sql
-- The console's reviews in one queue: 'pending' (oldest first, as they wait), 'reported'
-- (published reviews the business reported), 'published' or 'rejected' (newest first);
-- paged, with the total. Each with its listing, the request it rests on, and why its text
-- was held.
create or replace function public.operator_review_page(p_queue text, p_limit int, p_offset int)
returns jsonb language sql stable security definer set search_path = '' as $$
  with matching as (
    select r.* from public.reviews r
    where case coalesce(p_queue, 'pending')
            when 'reported' then r.status = 'published' and r.reported_at is not null
            else r.status = coalesce(p_queue, 'pending') end
  )
  select jsonb_build_object(
    'total', (select count(*) from matching),
    'rows', coalesce((select jsonb_agg(jsonb_build_object('id', r.id, 'lead_id', r.lead_id, 'vendor_id', r.vendor_id,
        'vendor_name', v.name, 'address', public.vendor_address(v.id), 'stars', r.stars, 'body', r.body, 'author', r.author,
        'machine', r.machine, 'requested_at', r.requested_at, 'status', r.status,
        'booked', exists (select 1 from public.bookings b where b.lead_id = r.lead_id and b.vendor_id = r.vendor_id and b.status = 'booked'), 'held_reason', r.held_reason,
        'reject_reason', r.reject_reason, 'reply', r.reply, 'reported_at', r.reported_at, 'report_reason', r.report_reason,
        'created_at', r.created_at, 'updated_at', r.updated_at) order by r.n)
      from (select m.*, row_number() over (order by case when coalesce(p_queue, 'pending') = 'pending' then m.created_at end,
                                                     m.created_at desc, m.id desc) as n
            from matching m order by n
            offset greatest(coalesce(p_offset, 0), 0) limit least(greatest(coalesce(p_limit, 50), 1), 1000)) r
      join public.vendors v on v.id = r.vendor_id), '[]'::jsonb));
$$;

revoke execute on function public.operator_review_page(text,integer,integer) from public, anon, authenticated;
grant execute on function public.operator_review_page(text,integer,integer) to service_role;

-- supabase/functions/vendor_reviews.sql
-- One page of a listing's published reviews, newest first, with the total: what the
-- public sees of each (never the request, the renter's phone or the report), and whether its
-- rental was booked through the site.
create or replace function public.vendor_reviews(p_vendor_id bigint, p_offset int default 0, p_limit int default 10)
returns jsonb language sql stable set search_path = '' as $$
  select jsonb_build_object(
    'total', (select count(*) from public.reviews r where r.vendor_id = p_vendor_id and r.status = 'published'),
    'reviews', coalesce((select jsonb_agg(jsonb_build_object('id', r.id, 'stars', r.stars, 'body', r.body, 'author', r.author,
        'machine', r.machine, 'requested_at', r.requested_at, 'published_at', r.published_at,
        'reply', r.reply, 'replied_at', r.replied_at, 'booked', private.review_booked(r.id)) order by r.published_at desc, r.id desc)
      from (select r.id, r.stars, r.body, r.author, r.machine, r.requested_at, r.published_at, r.reply, r.replied_at
            from public.reviews r where r.vendor_id = p_vendor_id and r.status = 'published'
            order by r.published_at desc, r.id desc
            offset greatest(coalesce(p_offset, 0), 0) limit least(greatest(coalesce(p_limit, 10), 1), 100)) r), '[]'::jsonb));
$$;

revoke execute on function public.vendor_reviews(bigint,integer,integer) from public;
grant execute on function public.vendor_reviews(bigint,integer,integer) to anon, authenticated, service_role;
