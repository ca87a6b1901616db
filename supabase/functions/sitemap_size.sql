-- How many paths the sitemaps list (an invoker function: the sitemap reads public rows only).
create or replace function public.sitemap_size()
returns bigint language sql stable security invoker set search_path = '' as $$
  select count(*) from public.sitemap_entries;
$$;

revoke execute on function public.sitemap_size() from public;
grant execute on function public.sitemap_size() to anon, authenticated, service_role;
