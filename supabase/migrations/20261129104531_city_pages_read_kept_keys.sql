-- Written by npm run db:migration from supabase/functions/ (edit those files, not this one).

-- supabase/functions/city_page_parts.sql
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
  by_price boolean := p_sort = 'price';
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

-- supabase/functions/city_page.sql
-- A city's page: its place, copy, and one page of the listed vendors serving it, in either order
-- (ranked by vendor_page_slice among the few that city_page_parts finds may fall on it), and how
-- many listed vendors serve the city.
create or replace function public.city_page(p_country_slug text, p_state_slug text, p_city_slug text,
  p_offset int default 0, p_limit int default 48, p_sort text default 'rating')
returns jsonb language sql stable set search_path = '' as $$
  select jsonb_build_object(
    'country', jsonb_build_object('name', co.name, 'slug', co.slug),
    'state', jsonb_build_object('id', st.id, 'name', st.name, 'slug', st.slug, 'code', st.code),
    'city', jsonb_build_object('id', c.id, 'name', c.name, 'slug', c.slug),
    'hero', public.hero_for('city'),
    'description', (select d.description from public.cities_additionaldetails d where d.city_id = c.id),
    'vendors', coalesce((
      select jsonb_agg(e.vendor order by x.part, e.n)
      from private.city_page_parts(c.id, p_offset, p_limit, p_sort) x
      cross join lateral jsonb_array_elements(public.vendor_page_slice(x.vendor_ids, x.skip, x.take, p_sort)->'vendors')
        with ordinality e(vendor, n)), '[]'::jsonb),
    'vendor_total', c.vendor_count)
  from public.cities c
  join public.states st on st.id = c.state_id
  join public.countries co on co.id = st.country_id
  where co.slug = lower(p_country_slug) and st.slug = lower(p_state_slug)
    and c.slug = lower(p_city_slug);
$$;

revoke execute on function public.city_page(text,text,text,integer,integer,text) from public;
grant execute on function public.city_page(text,text,text,integer,integer,text) to anon, authenticated, service_role;

-- supabase/functions/published_day_rate.sql
-- The lowest day rate of a vendor's published rate card, or null: the price a city's vendors are
-- sorted by (kept in private.city_vendors). Published cards only, whoever runs it.
create or replace function private.published_day_rate(p_vendor_id bigint)
returns numeric language sql stable set search_path = '' as $$
  select min(k.day_rate) from public.rate_card_classes k
  join public.rate_cards r on r.vendor_id = k.vendor_id
  where k.vendor_id = p_vendor_id and r.published;
$$;
revoke execute on function private.published_day_rate(bigint) from public, anon, authenticated;

-- supabase/functions/city_vendor_keys.sql
-- Trigger (by statement, on vendors and on rate cards and their classes): keeps the keys a city's
-- vendors are ordered by (private.city_vendors) as vendors are renamed, hidden, shown, reviewed or
-- answer, and as their rate cards change. A vendor's rows are written only when a key differs.
create or replace function private.city_vendor_keys()
returns trigger language plpgsql security definer set search_path = '' as $$
begin
  if tg_table_name = 'vendors' then
    update private.city_vendors cv
    set name = n.name, hidden = n.hidden, review_count = n.review_count,
        responded_at = case when n.response_hours is not null then n.last_responded_at end
    from new_rows n
    where cv.vendor_id = n.id
      and (cv.name, cv.hidden, cv.review_count, cv.responded_at) is distinct from
          (n.name, n.hidden, n.review_count, case when n.response_hours is not null then n.last_responded_at end);
    return null;
  end if;
  update private.city_vendors cv set day_rate = x.day_rate
  from (select ids.vendor_id, private.published_day_rate(ids.vendor_id) as day_rate
        from (select distinct c.vendor_id from changed_rows c) ids) x
  where cv.vendor_id = x.vendor_id and cv.day_rate is distinct from x.day_rate;
  return null;
end;
$$;
revoke execute on function private.city_vendor_keys() from public, anon, authenticated;

-- supabase/functions/serviced_counts.sql
-- Trigger (by statement): keeps the cities' vendor counts, and city_vendors, as ZIP codes served are added, changed and removed.
create or replace function private.serviced_counts()
returns trigger language plpgsql security definer set search_path = '' as $$
begin
  if tg_op in ('DELETE', 'UPDATE') then
    update private.city_vendors cv set zips = cv.zips - x.zips
    from (select p.city_id, o.vendor_id, count(*)::int as zips from old_rows o join public.postcodes p on p.id = o.postcode_id group by 1, 2) x
    where cv.city_id = x.city_id and cv.vendor_id = x.vendor_id;
    -- A city loses a listed vendor when the last of its ZIP codes there goes.
    with gone as (
      delete from private.city_vendors cv
      using (select distinct p.city_id, o.vendor_id from old_rows o join public.postcodes p on p.id = o.postcode_id) x
      where cv.city_id = x.city_id and cv.vendor_id = x.vendor_id and cv.zips = 0
      returning cv.city_id, cv.vendor_id)
    update public.cities c set vendor_count = c.vendor_count - x.n
    from (select g.city_id, count(*)::int as n from gone g join public.vendors v on v.id = g.vendor_id where not v.hidden group by 1) x
    where c.id = x.city_id;
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    -- A city gains a listed vendor with the first of its ZIP codes there (a row just inserted has
    -- xmax 0), with the keys its page orders it by (then kept by private.city_vendor_keys).
    with added as (
      insert into private.city_vendors as cv (city_id, vendor_id, zips, name, hidden, review_count, responded_at, day_rate)
      select x.city_id, x.vendor_id, x.zips, v.name, v.hidden, v.review_count,
             case when v.response_hours is not null then v.last_responded_at end, private.published_day_rate(v.id)
      from (select p.city_id, n.vendor_id, count(*)::int as zips from new_rows n join public.postcodes p on p.id = n.postcode_id
            group by 1, 2) x
      join public.vendors v on v.id = x.vendor_id
      on conflict (city_id, vendor_id) do update set zips = cv.zips + excluded.zips
      returning cv.city_id, cv.vendor_id, cv.xmax = 0 as first)
    update public.cities c set vendor_count = c.vendor_count + x.n
    from (select a.city_id, count(*)::int as n from added a join public.vendors v on v.id = a.vendor_id where a.first and not v.hidden group by 1) x
    where c.id = x.city_id;
  end if;
  return null;
end;
$$;
revoke execute on function private.serviced_counts() from public, anon, authenticated;
