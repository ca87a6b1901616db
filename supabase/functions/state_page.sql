-- A state's page: its cities with vendors, and a page of its vendors.
create or replace function public.state_page(p_country_slug text, p_state_slug text, p_offset int default 0, p_limit int default 48)
returns jsonb language sql stable set search_path = '' as $$
  select jsonb_build_object(
    'country', jsonb_build_object('name', co.name, 'slug', co.slug),
    'state', jsonb_build_object('id', st.id, 'name', st.name, 'slug', st.slug, 'code', st.code),
    'hero', public.hero_for('state'),
    'seo_body_text', coalesce(
      (select c.seo_body_text from public.state_seo_config c where c.state_slug = st.slug),
      (select g.seo_body_text from public.skidsteer_config g limit 1)),
    'cities', coalesce((
      select jsonb_agg(jsonb_build_object('city_id', cv.city_id, 'city_name', cv.city_name,
               'city_slug', cv.city_slug, 'vendor_count', cv.vendor_count, 'state_slug', cv.state_slug)
             order by cv.vendor_count desc, cv.city_name)
      from public.cities_with_vendors cv where cv.state_slug = st.slug), '[]'::jsonb))
    || public.vendor_page_slice(array(
         select v.id from public.vendors v
         join public.postcodes p on p.id = v.postcode_id
         join public.cities c on c.id = p.city_id
         where c.state_id = st.id), p_offset, p_limit)
  from public.states st
  join public.countries co on co.id = st.country_id
  where co.slug = lower(p_country_slug) and st.slug = lower(p_state_slug);
$$;

revoke execute on function public.state_page(text,text,integer,integer) from public;
grant execute on function public.state_page(text,text,integer,integer) to anon, authenticated, service_role;
