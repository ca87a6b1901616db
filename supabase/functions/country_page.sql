-- A country's page: its hero, its states with vendors and its 50 best-rated vendors.
create or replace function public.country_page(p_country_slug text)
returns jsonb language sql stable set search_path = '' as $$
  select jsonb_build_object(
    'country', jsonb_build_object('id', co.id, 'name', co.name, 'code', co.code, 'slug', co.slug),
    'hero', public.hero_for('country'),
    'seo_body_text', (select g.seo_body_text from public.skidsteer_config g limit 1),
    'states', coalesce((
      select jsonb_agg(jsonb_build_object('state_id', s.state_id, 'state_name', s.state_name,
               'state_slug', s.state_slug, 'vendor_count', s.vendor_count, 'featured', s.featured)
             order by s.vendor_count desc, s.state_name)
      from public.states_with_vendors s where s.country_id = co.id), '[]'::jsonb),
    'vendors', coalesce((
      select jsonb_agg(public.vendor_card(v) order by v.rating desc nulls last, v.name)
      from (select v.* from public.vendors v
            join public.postcodes p on p.id = v.postcode_id
            join public.cities c on c.id = p.city_id
            join public.states st on st.id = c.state_id
            where st.country_id = co.id
            order by v.rating desc nulls last, v.name
            limit 50) v), '[]'::jsonb))
  from public.countries co
  where co.slug = lower(p_country_slug);
$$;

revoke execute on function public.country_page(text) from public;
grant execute on function public.country_page(text) to anon, authenticated, service_role;
