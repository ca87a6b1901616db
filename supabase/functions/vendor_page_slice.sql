-- One page of vendors and how many there are in all, best rated first or by price (the
-- lowest published day rate first, vendors without rates last). Best rated is the Bayesian
-- average of published reviews (vendor_review_scores), then the quickest to respond
-- (vendor_response; vendors without a response time last), then by name. Sample ratings play no part.
create or replace function public.vendor_page_slice(p_vendor_ids bigint[], p_offset int, p_limit int, p_sort text default 'rating')
returns jsonb language sql stable set search_path = '' as $$
  with members as (
    select v.id, v.name, case when v.last_responded_at > now() - interval '90 days' then v.response_hours end as hours
    from (select distinct u.id from unnest(p_vendor_ids) u(id)) ids join public.vendors v on v.id = ids.id
  ), ranked as (
    select m.id, m.name, p.day_rate as price, s.score, m.hours
    from members m
    join public.vendor_review_scores(p_vendor_ids) s on s.vendor_id = m.id
    left join private.lowest_day_rates(case when p_sort = 'price' then p_vendor_ids end) p on p.vendor_id = m.id
  ), page as (
    -- A bounded sort: the rows up to the page's end, not every vendor, are put in order.
    select r.* from ranked r
    order by r.price nulls last, r.score desc, r.hours nulls last, r.name, r.id
    offset greatest(coalesce(p_offset, 0), 0)
    limit least(greatest(coalesce(p_limit, 48), 1), 100)
  )
  select jsonb_build_object(
    'vendor_total', coalesce(array_length(p_vendor_ids, 1), 0),
    'vendors', coalesce((select jsonb_agg(public.vendor_card(v) order by p.price nulls last, p.score desc, p.hours nulls last, p.name, p.id)
                         from page p join public.vendors v on v.id = p.id), '[]'::jsonb));
$$;

revoke execute on function public.vendor_page_slice(bigint[],integer,integer,text) from public;
grant execute on function public.vendor_page_slice(bigint[],integer,integer,text) to anon, authenticated, service_role;
