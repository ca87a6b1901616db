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
