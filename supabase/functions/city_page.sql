-- A city's page: its place, copy, and one page of the vendors serving it, in either order.
-- The page is ranked among the listings that may rank apart (reviews, a response time, and by
-- price a rate card) and the others, which rank after or among them by name alone: of those, only
-- the ones from where the page may start (all of them but as many as rank apart can come before
-- it) to its end. vendor_total counts every vendor serving the city, as before.
create or replace function public.city_page(p_country_slug text, p_state_slug text, p_city_slug text,
  p_offset int default 0, p_limit int default 48, p_sort text default 'rating')
returns jsonb language sql stable set search_path = '' as $$
  select jsonb_build_object(
    'country', jsonb_build_object('name', co.name, 'slug', co.slug),
    'state', jsonb_build_object('id', st.id, 'name', st.name, 'slug', st.slug, 'code', st.code),
    'city', jsonb_build_object('id', c.id, 'name', c.name, 'slug', c.slug),
    'hero', public.hero_for('city'),
    'description', (select d.description from public.cities_additionaldetails d where d.city_id = c.id))
    || (with members as (
          select distinct e.vendor_id as id from public.vendors_serviced e
          join public.postcodes p on p.id = e.postcode_id
          where p.city_id = c.id
        ), listed as (
          select v.id, v.name,
                 v.review_count > 0 or v.response_hours is not null
                 or (p_sort = 'price' and exists (select 1 from public.rate_card_classes k where k.vendor_id = v.id)) as apart
          from members m join public.vendors v on v.id = m.id
        ), bounds as (
          select w.o, w.l, greatest(w.o - (select count(*) from listed x where x.apart), 0) as skipped
          from (select greatest(coalesce(p_offset, 0), 0) as o, least(greatest(coalesce(p_limit, 48), 1), 100) as l) w
        )
        select public.vendor_page_slice(array(
                 select x.id from listed x where x.apart
                 union all
                 (select x.id from listed x where not x.apart
                  order by x.name, x.id
                  offset b.skipped limit b.o + b.l - b.skipped)), (b.o - b.skipped)::int, b.l, p_sort)
               || jsonb_build_object('vendor_total', (select count(*) from members))
        from bounds b)
  from public.cities c
  join public.states st on st.id = c.state_id
  join public.countries co on co.id = st.country_id
  where co.slug = lower(p_country_slug) and st.slug = lower(p_state_slug)
    and c.slug = lower(p_city_slug);
$$;

revoke execute on function public.city_page(text,text,text,integer,integer,text) from public;
grant execute on function public.city_page(text,text,text,integer,integer,text) to anon, authenticated, service_role;
