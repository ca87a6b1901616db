-- Written by npm run db:migration from supabase/functions/ (edit those files, not this one).

-- supabase/functions/city_class_vendors.sql
-- The vendors a city's price comparison for one class may show (the 100 with the lowest day rate,
-- and any priced the same as the 100th), and how many of the city's listed vendors rent the class
-- on a published card: read from private.city_class_rates.
create or replace function private.city_class_vendors(p_city_id bigint, p_class text)
returns table (vendor_ids bigint[], priced int)
language sql stable security definer set search_path = '' as $$
  select array(
           select r.vendor_id from private.city_class_rates r
           where r.city_id = p_city_id and r.class = p_class
             and r.day_rate <= coalesce((select x.day_rate from private.city_class_rates x
                                         where x.city_id = p_city_id and x.class = p_class
                                         order by x.day_rate offset 99 limit 1), 'infinity')),
         (select count(*)::int from private.city_class_rates r where r.city_id = p_city_id and r.class = p_class);
$$;
revoke execute on function private.city_class_vendors(bigint,text) from public;
grant execute on function private.city_class_vendors(bigint,text) to anon, authenticated, service_role;

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

-- supabase/functions/city_prices.sql
-- A city's price comparison for one machine class: the place, whether the ZIP is known,
-- and up to 100 of the vendors serving the city whose published card rents that class
-- (lowest day rate first: a phone's visitor reads no further, and each costs its card's reads),
-- each with its card and its miles to the ZIP; plus how many of
-- the city's listed vendors publish no rates for the class. Estimates are computed from this. The
-- vendors are found through the rates kept per city and class (private.city_class_vendors).
create or replace function public.city_prices(p_country_slug text, p_state_slug text, p_city_slug text, p_zip text, p_class text)
returns jsonb language sql stable set search_path = '' as $$
  with place as (
    select c.id as city_id, c.vendor_count, c.name as city_name, c.slug as city_slug, st.name as state_name, st.slug as state_slug,
           st.code as state_code, co.name as country_name, co.slug as country_slug
    from public.cities c
    join public.states st on st.id = c.state_id
    join public.countries co on co.id = st.country_id
    where co.slug = lower(p_country_slug) and st.slug = lower(p_state_slug) and c.slug = lower(p_city_slug)
  ), job as (
    -- The ZIP's city, read once for every vendor's miles (as vendor_miles_to_zip reckons them).
    select jc.latitude, jc.longitude from public.postcodes jp join public.cities jc on jc.id = jp.city_id
    where jp.code = p_zip limit 1
  ), chosen as (
    select x.vendor_ids, x.priced from place cross join private.city_class_vendors(place.city_id, p_class) x
  ), priced as (
    select v, k.day_rate from chosen c
    join public.vendors v on v.id = any (c.vendor_ids)
    join public.rate_card_classes k on k.vendor_id = v.id and k.class = p_class
    join public.rate_cards r on r.vendor_id = v.id
    order by k.day_rate, v.rating desc nulls last, v.id
    limit 100
  )
  select jsonb_build_object(
    'country', jsonb_build_object('name', place.country_name, 'slug', place.country_slug),
    'state', jsonb_build_object('name', place.state_name, 'slug', place.state_slug, 'code', place.state_code),
    'city', jsonb_build_object('name', place.city_name, 'slug', place.city_slug),
    'zip_known', exists (select 1 from job),
    'vendors', coalesce((
      select jsonb_agg(jsonb_build_object('vendor', public.vendor_card(v),
               'miles', round(public.distance_miles(job.latitude, job.longitude, vc.latitude, vc.longitude)::numeric, 1)::double precision,
               'rates', public.rate_card_json((v).id)) order by day_rate, (v).id)
      from priced
      left join public.postcodes vp on vp.id = (v).postcode_id
      left join public.cities vc on vc.id = vp.city_id
      left join job on true), '[]'::jsonb),
    'without_rates', place.vendor_count - coalesce((select c.priced from chosen c), 0))
  from place;
$$;

revoke execute on function public.city_prices(text,text,text,text,text) from public;
grant execute on function public.city_prices(text,text,text,text,text) to anon, authenticated, service_role;

-- supabase/functions/keep_city_class_rates.sql
-- Writes again these vendors' rows of private.city_class_rates from their rate cards and the cities
-- they serve: every class of a published card, in every city, while the vendor is listed.
create or replace function private.keep_city_class_rates(p_vendor_ids bigint[])
returns void language sql security definer set search_path = '' as $$
  delete from private.city_class_rates r where r.vendor_id = any (p_vendor_ids);
  insert into private.city_class_rates (city_id, class, day_rate, vendor_id)
  select cv.city_id, k.class, k.day_rate, cv.vendor_id
  from private.city_vendors cv
  join public.rate_cards r on r.vendor_id = cv.vendor_id and r.published
  join public.rate_card_classes k on k.vendor_id = cv.vendor_id
  where cv.vendor_id = any (p_vendor_ids) and not cv.hidden;
$$;
revoke execute on function private.keep_city_class_rates(bigint[]) from public, anon, authenticated;

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
-- answered, and as their rate cards change, and their rates per class (private.city_class_rates)
-- as they are hidden or shown and as their cards change. The keys of city_vendors are written only
-- where they differ. A card's change first takes its vendor's row, as an edit of the vendor and
-- serviced_counts do, so that two transactions never write one vendor's keys from what each alone sees.
create or replace function private.city_vendor_keys()
returns trigger language plpgsql security definer set search_path = '' as $$
declare
  vendor_ids bigint[] := '{}';
begin
  if tg_table_name = 'vendors' then
    vendor_ids := array(select distinct cv.vendor_id from private.city_vendors cv join new_rows n on n.id = cv.vendor_id
                        where cv.hidden <> n.hidden);
    update private.city_vendors cv
    set name = n.name, hidden = n.hidden, review_count = n.review_count,
        responded_at = case when n.response_hours is not null then n.last_responded_at end
    from new_rows n
    where cv.vendor_id = n.id
      and (cv.name, cv.hidden, cv.review_count, cv.responded_at) is distinct from
          (n.name, n.hidden, n.review_count, case when n.response_hours is not null then n.last_responded_at end);
    if cardinality(vendor_ids) > 0 then
      perform private.keep_city_class_rates(vendor_ids);
    end if;
    return null;
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    vendor_ids := vendor_ids || array(select n.vendor_id from new_rows n);
  end if;
  if tg_op in ('DELETE', 'UPDATE') then
    vendor_ids := vendor_ids || array(select o.vendor_id from old_rows o);
  end if;
  vendor_ids := array(select distinct u.id from unnest(vendor_ids) u(id) order by 1);
  perform 1 from public.vendors v where v.id = any (vendor_ids) order by v.id for no key update;
  update private.city_vendors cv set day_rate = private.published_day_rate(cv.vendor_id)
  where cv.vendor_id = any (vendor_ids) and cv.day_rate is distinct from private.published_day_rate(cv.vendor_id);
  perform private.keep_city_class_rates(vendor_ids);
  return null;
end;
$$;
revoke execute on function private.city_vendor_keys() from public, anon, authenticated;

-- supabase/functions/serviced_counts.sql
-- Trigger (by statement): keeps the cities' vendor counts, city_vendors and city_class_rates, as ZIP
-- codes served are added, changed and removed. It first takes the vendors' rows, as an edit of a
-- vendor or of its card does (private.city_vendor_keys), so that the keys and rates it writes are
-- those the vendors have once any such change is committed.
create or replace function private.serviced_counts()
returns trigger language plpgsql security definer set search_path = '' as $$
begin
  if tg_op = 'DELETE' then
    perform 1 from public.vendors v where v.id in (select o.vendor_id from old_rows o) order by v.id for no key update;
  else
    perform 1 from public.vendors v where v.id in (select n.vendor_id from new_rows n) order by v.id for no key update;
  end if;
  if tg_op in ('DELETE', 'UPDATE') then
    update private.city_vendors cv set zips = cv.zips - x.zips
    from (select p.city_id, o.vendor_id, count(*)::int as zips from old_rows o join public.postcodes p on p.id = o.postcode_id group by 1, 2) x
    where cv.city_id = x.city_id and cv.vendor_id = x.vendor_id;
    -- A city loses a listed vendor when the last of its ZIP codes there goes.
    with gone as (
      delete from private.city_vendors cv
      using (select distinct p.city_id, o.vendor_id from old_rows o join public.postcodes p on p.id = o.postcode_id) x
      where cv.city_id = x.city_id and cv.vendor_id = x.vendor_id and cv.zips = 0
      returning cv.city_id, cv.vendor_id
    ), rates_gone as (
      delete from private.city_class_rates r using gone g where r.city_id = g.city_id and r.vendor_id = g.vendor_id)
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
      returning cv.city_id, cv.vendor_id, cv.xmax = 0 as first
    ), rates_added as (
      insert into private.city_class_rates (city_id, class, day_rate, vendor_id)
      select a.city_id, k.class, k.day_rate, a.vendor_id from added a
      join public.vendors v on v.id = a.vendor_id and not v.hidden
      join public.rate_cards r on r.vendor_id = a.vendor_id and r.published
      join public.rate_card_classes k on k.vendor_id = a.vendor_id
      where a.first)
    update public.cities c set vendor_count = c.vendor_count + x.n
    from (select a.city_id, count(*)::int as n from added a join public.vendors v on v.id = a.vendor_id where a.first and not v.hidden group by 1) x
    where c.id = x.city_id;
  end if;
  return null;
end;
$$;
revoke execute on function private.serviced_counts() from public, anon, authenticated;
