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
