-- A state's cities, for the submission form's city list.
create or replace function public.state_cities(p_state_slug text)
returns table (name text, slug text) language sql stable set search_path = '' as $$
  select c.name, c.slug from public.cities c
  where c.state_id = (select s.id from public.states s where s.country_id = 1 and s.slug = p_state_slug)
  order by c.name;
$$;

revoke execute on function public.state_cities(text) from public;
grant execute on function public.state_cities(text) to anon, authenticated, service_role;
