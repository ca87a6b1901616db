-- A city's own ZIP, to prefill the job site on its page.
create or replace function public.city_zip(p_state_slug text, p_city_slug text)
returns text language sql stable set search_path = '' as $$
  select min(p.code) from public.postcodes p
  join public.cities c on c.id = p.city_id
  join public.states s on s.id = c.state_id
  where s.country_id = 1 and s.slug = p_state_slug and c.slug = p_city_slug;
$$;

revoke execute on function public.city_zip(text,text) from public;
grant execute on function public.city_zip(text,text) to anon, authenticated, service_role;
