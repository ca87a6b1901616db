-- Read functions: each returns everything one page section needs in one round trip.

-- Hero copy for a page type, falling back to the general skid steer config.
create function public.hero_for(p_page_type text)
returns jsonb language sql stable set search_path = '' as $$
  select coalesce(
    (select jsonb_build_object('hero_h1_headline', h.hero_h1_headline,
                               'hero_h2_subtitle1', h.hero_h2_subtitle1,
                               'hero_h2_subtitle2', h.hero_h2_subtitle2)
       from public.hero_config h where h.page_type = p_page_type),
    (select jsonb_build_object('hero_h1_headline', g.hero_h1_headline,
                               'hero_h2_subtitle1', g.hero_h2_subtitle1,
                               'hero_h2_subtitle2', g.hero_h2_subtitle2)
       from public.skidsteer_config g limit 1));
$$;

-- A vendor card with the slugs of its home location, for links.
create function public.vendor_card(v public.vendors)
returns jsonb language sql stable set search_path = '' as $$
  select jsonb_build_object(
    'id', v.id, 'name', v.name, 'slug', v.slug, 'phone', v.phone, 'site', v.site,
    'full_address', v.full_address, 'rating', v.rating, 'photo', v.photo,
    'city_name', c.name, 'city_slug', c.slug, 'state_slug', st.slug, 'state_code', st.code,
    'country_slug', co.slug)
  from public.postcodes p
  join public.cities c on c.id = p.city_id
  join public.states st on st.id = c.state_id
  join public.countries co on co.id = st.country_id
  where p.id = v.postcode_id;
$$;

create function public.footer_states()
returns table (state_id bigint, state_name text, state_slug text, vendor_count int)
language sql stable set search_path = '' as $$
  select s.state_id, s.state_name, s.state_slug, s.vendor_count
  from public.states_with_vendors s
  where s.country_id = 1
  order by s.vendor_count desc, s.state_name
  limit 3;
$$;

create function public.country_page(p_country_slug text)
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

create function public.state_page(p_country_slug text, p_state_slug text)
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
      from public.cities_with_vendors cv where cv.state_slug = st.slug), '[]'::jsonb),
    'vendors', coalesce((
      select jsonb_agg(public.vendor_card(v) order by v.rating desc nulls last, v.name)
      from public.vendors v
      where v.postcode_id in (select p.id from public.postcodes p
                              join public.cities c on c.id = p.city_id
                              where c.state_id = st.id)), '[]'::jsonb))
  from public.states st
  join public.countries co on co.id = st.country_id
  where co.slug = lower(p_country_slug) and st.slug = lower(p_state_slug);
$$;

create function public.city_page(p_country_slug text, p_state_slug text, p_city_slug text)
returns jsonb language sql stable set search_path = '' as $$
  select jsonb_build_object(
    'country', jsonb_build_object('name', co.name, 'slug', co.slug),
    'state', jsonb_build_object('id', st.id, 'name', st.name, 'slug', st.slug, 'code', st.code),
    'city', jsonb_build_object('id', c.id, 'name', c.name, 'slug', c.slug),
    'hero', public.hero_for('city'),
    'description', (select d.description from public.cities_additionaldetails d where d.city_id = c.id),
    'vendors', coalesce((
      select jsonb_agg(public.vendor_card(v) order by v.rating desc nulls last, v.name)
      from public.vendors v
      where v.id in (select e.vendor_id from public.vendors_servicedenhanced e
                     join public.postcodes p on p.id = e.served_postcode_id
                     where p.city_id = c.id)), '[]'::jsonb))
  from public.cities c
  join public.states st on st.id = c.state_id
  join public.countries co on co.id = st.country_id
  where co.slug = lower(p_country_slug) and st.slug = lower(p_state_slug)
    and c.slug = lower(p_city_slug);
$$;

-- Which levels of a vendor address exist, and the vendor when it does.
create function public.vendor_page(p_country_slug text, p_state_slug text, p_city_slug text, p_vendor_slug text)
returns jsonb language sql stable set search_path = '' as $$
  with co as (select * from public.countries where slug = lower(p_country_slug)),
       st as (select s.* from public.states s join co on co.id = s.country_id where s.slug = lower(p_state_slug)),
       c as (select c.* from public.cities c join st on st.id = c.state_id where c.slug = lower(p_city_slug)),
       v as (select v.* from public.vendors v where v.slug = lower(p_vendor_slug))
  select jsonb_build_object(
    'country', (select jsonb_build_object('name', name, 'slug', slug) from co),
    'state', (select jsonb_build_object('name', name, 'slug', slug, 'code', code) from st),
    'city', (select jsonb_build_object('name', name, 'slug', slug) from c),
    'vendor', (select public.vendor_card(v) || jsonb_build_object(
                 'street', v.street, 'created_at', v.created_at, 'updated_at', v.updated_at,
                 'postcode', (select p.code from public.postcodes p where p.id = v.postcode_id),
                 'description', (select d.description from public.vendors_additionaldetails d where d.vendor_id = v.id))
               from v where exists (select 1 from c)));
$$;

-- ZIP search: the city of a known ZIP when it has vendors, else the city with vendors
-- nearest to the given coordinates (or to the ZIP's own city).
create function public.find_city_for_zip(p_code text, p_latitude double precision default null,
                                         p_longitude double precision default null)
returns jsonb language sql stable set search_path = '' as $$
  with target as (
    select c.id, coalesce(p_latitude, c.latitude) as lat, coalesce(p_longitude, c.longitude) as lng
    from (select 1) one
    left join public.postcodes p on p.code = p_code
    left join public.cities c on c.id = p.city_id
  )
  select jsonb_build_object('city_name', cv.city_name, 'city_slug', cv.city_slug,
                            'state_slug', cv.state_slug, 'exact', coalesce(cv.city_id = t.id, false))
  from target t
  cross join public.cities_with_vendors cv
  join public.cities c on c.id = cv.city_id
  where t.lat is not null or cv.city_id = t.id
  order by (cv.city_id = t.id) desc,
           power(c.latitude - t.lat, 2) + power((c.longitude - t.lng) * cos(radians(t.lat)), 2)
  limit 1;
$$;

-- City name search with typo tolerance, best match first.
create function public.search_cities(p_query text, p_state_slug text default null)
returns table (city_name text, city_slug text, state_slug text, state_name text, vendor_count int, score real)
language sql stable set search_path = public, extensions, pg_temp as $$
  select cv.city_name, cv.city_slug, cv.state_slug, st.name, cv.vendor_count,
         similarity(cv.city_name, p_query) as score
  from public.cities_with_vendors cv
  join public.states st on st.slug = cv.state_slug and st.country_id = 1
  where length(trim(p_query)) between 2 and 100
    and (p_state_slug is null or cv.state_slug = p_state_slug)
    and (cv.city_name % p_query or cv.city_name ilike '%' || replace(replace(p_query, '%', ''), '_', '') || '%')
  order by score desc, cv.vendor_count desc, cv.city_name
  limit 10;
$$;

create function public.equipment_model_json(m public.equipment_models)
returns jsonb language sql stable set search_path = '' as $$
  select to_jsonb(m) - 'manufacturer_id' - 'type_id'
    || jsonb_build_object(
      'equipment_manufacturer', (select jsonb_build_object('id', f.id, 'name', f.name, 'slug', f.slug, 'site', f.site)
                                 from public.equipment_manufacturer f where f.id = m.manufacturer_id),
      'equipment_type', (select jsonb_build_object('id', t.id, 'name', t.name, 'slug', t.slug)
                         from public.equipment_type t where t.id = m.type_id));
$$;

create function public.equipment_list()
returns jsonb language sql stable set search_path = '' as $$
  select coalesce(jsonb_agg(public.equipment_model_json(m) order by m.name), '[]'::jsonb)
  from public.equipment_models m;
$$;

create function public.equipment_by_slug(p_model_slug text)
returns jsonb language sql stable set search_path = '' as $$
  select public.equipment_model_json(m) from public.equipment_models m where m.slug = lower(p_model_slug);
$$;

create function public.popular_models()
returns setof public.models_skidsteers language sql stable set search_path = '' as $$
  select * from public.models_skidsteers order by "Model";
$$;

create function public.articles_list()
returns table (id bigint, slug text, title text, excerpt text, cover_image text, published_at timestamptz)
language sql stable set search_path = '' as $$
  select a.id, a.slug, a.title, a.excerpt, a.cover_image, a.published_at
  from public.articles a order by a.published_at desc, a.id desc;
$$;

create function public.article_by_slug(p_slug text)
returns setof public.articles language sql stable set search_path = '' as $$
  select * from public.articles a where a.slug = lower(p_slug);
$$;

create function public.us_states()
returns table (slug text, name text) language sql stable set search_path = '' as $$
  select s.slug, s.name from public.states s where s.country_id = 1 order by s.name;
$$;

create function public.state_cities(p_state_slug text)
returns table (name text, slug text) language sql stable set search_path = '' as $$
  select c.name, c.slug from public.cities c
  where c.state_id = (select s.id from public.states s where s.country_id = 1 and s.slug = p_state_slug)
  order by c.name;
$$;

-- Every public path, for the sitemap.
create function public.sitemap_paths()
returns table (path text, updated_at timestamptz) language sql stable set search_path = '' as $$
  select '/' || co.slug, null::timestamptz from public.countries co
  union all
  select '/' || co.slug || '/' || s.state_slug, null from public.states_with_vendors s
    join public.countries co on co.id = s.country_id
  union all
  select '/us/' || cv.state_slug || '/' || cv.city_slug, null from public.cities_with_vendors cv
  union all
  select '/' || (public.vendor_card(v) ->> 'country_slug') || '/' || (public.vendor_card(v) ->> 'state_slug')
         || '/' || (public.vendor_card(v) ->> 'city_slug') || '/' || v.slug, v.updated_at
    from public.vendors v
  union all
  select '/us/skidsteers/' || f.slug || '/' || m.slug, null from public.equipment_models m
    join public.equipment_manufacturer f on f.id = m.manufacturer_id
  union all
  select '/articles/' || a.slug, a.published_at from public.articles a;
$$;
