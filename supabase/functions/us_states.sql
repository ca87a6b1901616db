-- The US states, for the submission form.
create or replace function public.us_states()
returns table (slug text, name text) language sql stable set search_path = '' as $$
  select s.slug, s.name from public.states s where s.country_id = 1 order by s.name;
$$;

revoke execute on function public.us_states() from public;
grant execute on function public.us_states() to anon, authenticated, service_role;
