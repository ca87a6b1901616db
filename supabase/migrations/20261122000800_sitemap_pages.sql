-- The sitemap in pages: search engines take at most 50,000 URLs per sitemap file.

drop function public.sitemap_paths();

create view public.sitemap_entries as
  select 1 as kind, '/' || co.slug as path, null::timestamptz as updated_at from public.countries co
  union all
  select 2, '/' || co.slug || '/' || s.state_slug, null from public.states_with_vendors s
    join public.countries co on co.id = s.country_id
  union all
  select 3, '/' || co.slug || '/' || cv.state_slug || '/' || cv.city_slug, null from public.cities_with_vendors cv
    join public.cities c on c.id = cv.city_id join public.states st on st.id = c.state_id
    join public.countries co on co.id = st.country_id
  union all
  select 4, '/' || co.slug || '/' || st.slug || '/' || c.slug || '/' || v.slug, v.updated_at
    from public.vendors v
    join public.postcodes p on p.id = v.postcode_id
    join public.cities c on c.id = p.city_id
    join public.states st on st.id = c.state_id
    join public.countries co on co.id = st.country_id
  union all
  select 5, '/us/skidsteers/' || f.slug || '/' || m.slug, null from public.equipment_models m
    join public.equipment_manufacturer f on f.id = m.manufacturer_id
  union all
  select 6, '/articles/' || a.slug, a.published_at from public.articles a;

revoke all on public.sitemap_entries from anon, authenticated;

create function public.sitemap_size()
returns bigint language sql stable security definer set search_path = '' as $$
  select count(*) from public.sitemap_entries;
$$;

create function public.sitemap_paths(p_offset int, p_limit int)
returns table (path text, updated_at timestamptz) language sql stable security definer set search_path = '' as $$
  select e.path, e.updated_at from public.sitemap_entries e
  order by e.kind, e.path
  offset greatest(coalesce(p_offset, 0), 0)
  limit least(greatest(coalesce(p_limit, 0), 0), 50000);
$$;
