-- City name search with typo tolerance, best match first.
create or replace function public.search_cities(p_query text, p_state_slug text default null)
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

revoke execute on function public.search_cities(text,text) from public;
grant execute on function public.search_cities(text,text) to anon, authenticated, service_role;
