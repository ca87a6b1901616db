-- Which of a city's listed vendors may fall on one page of it, read through the keys kept in
-- private.city_vendors rather than from every vendor serving the city: one row per part of the
-- order the page touches, each ranked by vendor_page_slice (skip, then take). By price, the vendors
-- with a published rate card come first (part 1: those priced from the page's lowest to its highest
-- rate, so that equal rates rank as vendor_page_slice ranks them), then the others (part 2). Best
-- rated, or in part 2, the vendors that rank apart (reviews, a recent response time) may fall
-- anywhere, and the others rank among them by name: of those, only the ones from where the page may
-- start (all of them but as many as rank apart can come before it) to its end.
create or replace function private.city_page_parts(p_city_id bigint, p_offset int, p_limit int, p_sort text)
returns table (part int, vendor_ids bigint[], skip int, take int)
language plpgsql stable security definer set search_path = '' as $$
declare
  o int := greatest(coalesce(p_offset, 0), 0);
  l int := least(greatest(coalesce(p_limit, 48), 1), 100);
  by_price boolean := coalesce(p_sort = 'price', false);
  recent timestamptz := now() - interval '90 days';
  priced int := 0;
  low numeric;
  high numeric;
  apart_ids bigint[];
  skipped int;
begin
  if by_price then
    select count(*) into priced from private.city_vendors cv
    where cv.city_id = p_city_id and not cv.hidden and cv.day_rate is not null;
    if o < priced then
      select min(x.day_rate), max(x.day_rate) into low, high from (
        select cv.day_rate from private.city_vendors cv
        where cv.city_id = p_city_id and not cv.hidden and cv.day_rate is not null
        order by cv.day_rate offset o limit l) x;
      return query
        select 1,
               array(select cv.vendor_id from private.city_vendors cv
                     where cv.city_id = p_city_id and not cv.hidden and cv.day_rate between low and high),
               o - (select count(*)::int from private.city_vendors cv
                    where cv.city_id = p_city_id and not cv.hidden and cv.day_rate < low),
               least(l, priced - o);
    end if;
    if o + l <= priced then
      return;
    end if;
    l := o + l - greatest(o, priced);
    o := greatest(o - priced, 0);
  end if;
  apart_ids := array(
    select cv.vendor_id from private.city_vendors cv
    where cv.city_id = p_city_id and not cv.hidden and cv.review_count > 0 and not (by_price and cv.day_rate is not null)
    union
    select cv.vendor_id from private.city_vendors cv
    where cv.city_id = p_city_id and not cv.hidden and cv.responded_at > recent and not (by_price and cv.day_rate is not null));
  skipped := greatest(o - cardinality(apart_ids), 0);
  return query
    select 2,
           apart_ids || array(
             select cv.vendor_id from private.city_vendors cv
             where cv.city_id = p_city_id and not cv.hidden and cv.review_count = 0
               and not coalesce(cv.responded_at > recent, false) and not (by_price and cv.day_rate is not null)
             order by cv.name, cv.vendor_id
             offset skipped limit o + l - skipped),
           o - skipped,
           l;
end;
$$;

revoke execute on function private.city_page_parts(bigint,integer,integer,text) from public;
grant execute on function private.city_page_parts(bigint,integer,integer,text) to anon, authenticated, service_role;
