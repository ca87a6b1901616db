-- A state's page: its cities with vendors, and a page of its listed vendors with how many there are.
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
    -- The page is ranked among the listings that rank apart (reviews, a recent response time) and
    -- the others, which rank after or among them by name alone: of those, only the ones from where
    -- the page may start (all of them but as many as rank apart can come before it) to its end.
    || (with apart as (
          select v.id from public.vendors v where v.state_id = st.id and not v.hidden and v.review_count > 0
          union
          select v.id from public.vendors v
          where v.state_id = st.id and not v.hidden and v.response_hours is not null
            and coalesce(v.last_responded_at > now() - interval '90 days', false)
        ), bounds as (
          select w.o, w.l, greatest(w.o - (select count(*) from apart), 0) as skipped
          from (select greatest(coalesce(p_offset, 0), 0) as o, least(greatest(coalesce(p_limit, 48), 1), 100) as l) w
        )
        select public.vendor_page_slice(array(
                 select a.id from apart a
                 union all
                 (select v.id from public.vendors v
                  where v.state_id = st.id and not v.hidden and v.review_count = 0
                    and not (v.response_hours is not null and coalesce(v.last_responded_at > now() - interval '90 days', false))
                  order by v.name, v.id
                  offset b.skipped limit b.o + b.l - b.skipped)), (b.o - b.skipped)::int, b.l)
        from bounds b)
    || jsonb_build_object('vendor_total', st.vendor_count)
  from public.states st
  join public.countries co on co.id = st.country_id
  where co.slug = lower(p_country_slug) and st.slug = lower(p_state_slug);
$$;

revoke execute on function public.state_page(text,text,integer,integer) from public;
grant execute on function public.state_page(text,text,integer,integer) to anon, authenticated, service_role;
