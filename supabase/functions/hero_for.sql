-- Hero copy for a page type, falling back to the general skid steer config.
create or replace function public.hero_for(p_page_type text)
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

revoke execute on function public.hero_for(text) from public;
grant execute on function public.hero_for(text) to anon, authenticated, service_role;
