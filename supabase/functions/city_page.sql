-- A city's page: its place, copy, and one page of the vendors serving it, in either order.
create or replace function public.city_page(p_country_slug text, p_state_slug text, p_city_slug text,
  p_offset int default 0, p_limit int default 48, p_sort text default 'rating')
returns jsonb language sql stable set search_path = '' as $$
  select jsonb_build_object(
    'country', jsonb_build_object('name', co.name, 'slug', co.slug),
    'state', jsonb_build_object('id', st.id, 'name', st.name, 'slug', st.slug, 'code', st.code),
    'city', jsonb_build_object('id', c.id, 'name', c.name, 'slug', c.slug),
    'hero', public.hero_for('city'),
    'description', (select d.description from public.cities_additionaldetails d where d.city_id = c.id))
    || public.vendor_page_slice(array(
         select distinct e.vendor_id from public.vendors_serviced e
         join public.postcodes p on p.id = e.postcode_id
         where p.city_id = c.id), p_offset, p_limit, p_sort)
  from public.cities c
  join public.states st on st.id = c.state_id
  join public.countries co on co.id = st.country_id
  where co.slug = lower(p_country_slug) and st.slug = lower(p_state_slug)
    and c.slug = lower(p_city_slug);
$$;

revoke execute on function public.city_page(text,text,text,integer,integer,text) from public;
grant execute on function public.city_page(text,text,text,integer,integer,text) to anon, authenticated, service_role;
