-- State and city pages carry one page of vendors and the total, so their cost does
-- not grow with the directory; further pages are read the same way.

drop function public.state_page(text, text);
drop function public.city_page(text, text, text);

create function public.vendor_page_slice(p_vendor_ids bigint[], p_offset int, p_limit int)
returns jsonb language sql stable set search_path = '' as $$
  select jsonb_build_object(
    'vendor_total', coalesce(array_length(p_vendor_ids, 1), 0),
    'vendors', coalesce((
      select jsonb_agg(public.vendor_card(v) order by v.rating desc nulls last, v.name, v.id)
      from (select v.* from public.vendors v where v.id = any (p_vendor_ids)
            order by v.rating desc nulls last, v.name, v.id
            offset greatest(coalesce(p_offset, 0), 0)
            limit least(greatest(coalesce(p_limit, 48), 1), 100)) v), '[]'::jsonb));
$$;

create function public.state_page(p_country_slug text, p_state_slug text, p_offset int default 0, p_limit int default 48)
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

create function public.city_page(p_country_slug text, p_state_slug text, p_city_slug text, p_offset int default 0, p_limit int default 48)
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
         where p.city_id = c.id), p_offset, p_limit)
  from public.cities c
  join public.states st on st.id = c.state_id
  join public.countries co on co.id = st.country_id
  where co.slug = lower(p_country_slug) and st.slug = lower(p_state_slug)
    and c.slug = lower(p_city_slug);
$$;
