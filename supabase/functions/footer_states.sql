-- The three states with the most vendors, for the footer.
create or replace function public.footer_states()
returns table (state_id bigint, state_name text, state_slug text, vendor_count int)
language sql stable set search_path = '' as $$
  select s.state_id, s.state_name, s.state_slug, s.vendor_count
  from public.states_with_vendors s
  where s.country_id = 1
  order by s.vendor_count desc, s.state_name
  limit 3;
$$;

revoke execute on function public.footer_states() from public;
grant execute on function public.footer_states() to anon, authenticated, service_role;
