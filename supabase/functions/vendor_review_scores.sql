-- The Bayesian average of each vendor's published reviews, by which listings are ranked:
-- (5 x the site's average + the vendor's stars) / (5 + its review count). A vendor with
-- few reviews sits near the site's average; one with none has the site's average.
create or replace function public.vendor_review_scores(p_vendor_ids bigint[])
returns table (vendor_id bigint, score numeric) language sql stable set search_path = '' as $$
  with site as (
    select coalesce(avg(r.stars), 0) as average from public.reviews r where r.status = 'published'
  ), sums as (
    select r.vendor_id, sum(r.stars) as stars, count(*) as reviews
    from (select distinct u.id from unnest(p_vendor_ids) u(id)) ids
    join public.reviews r on r.vendor_id = ids.id and r.status = 'published'
    group by r.vendor_id
  )
  select id, (5 * site.average + coalesce(s.stars, 0)) / (5 + coalesce(s.reviews, 0))
  from unnest(p_vendor_ids) as id cross join site left join sums s on s.vendor_id = id;
$$;

revoke execute on function public.vendor_review_scores(bigint[]) from public;
grant execute on function public.vendor_review_scores(bigint[]) to anon, authenticated, service_role;
