-- The Bayesian average of each vendor's published reviews, by which listings are ranked:
-- (5 x the site's average + the vendor's stars) / (5 + its review count). A vendor with
-- few reviews sits near the site's average; one with none has the site's average. The figures
-- are those kept on the vendors' rows and in private.review_totals (review_counts).
create or replace function public.vendor_review_scores(p_vendor_ids bigint[])
returns table (vendor_id bigint, score numeric) language sql stable set search_path = '' as $$
  with site as (select private.review_site_average() as average)
  select v.id, (5 * site.average + v.review_stars) / (5 + v.review_count)
  from (select distinct u.id from unnest(p_vendor_ids) u(id)) ids
  join public.vendors v on v.id = ids.id
  cross join site;
$$;

revoke execute on function public.vendor_review_scores(bigint[]) from public;
grant execute on function public.vendor_review_scores(bigint[]) to anon, authenticated, service_role;
