-- A listing's published reviews in figures: how many, their average (one decimal), and how
-- many gave each number of stars (1 to 5).
create or replace function public.vendor_review_summary(p_vendor_id bigint)
returns jsonb language sql stable set search_path = '' as $$
  select jsonb_build_object('count', count(*), 'average', round(avg(r.stars), 1),
    'stars', jsonb_build_array(count(*) filter (where r.stars = 1), count(*) filter (where r.stars = 2),
                               count(*) filter (where r.stars = 3), count(*) filter (where r.stars = 4),
                               count(*) filter (where r.stars = 5)))
  from public.reviews r where r.vendor_id = p_vendor_id and r.status = 'published';
$$;

revoke execute on function public.vendor_review_summary(bigint) from public;
grant execute on function public.vendor_review_summary(bigint) to anon, authenticated, service_role;
