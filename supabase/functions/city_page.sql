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
