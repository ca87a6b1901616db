-- How many paths the sitemaps list (an invoker function: the sitemap reads public rows only). The
-- listings, nearly all of them, are counted from the states' kept counts of listed vendors.
create or replace function public.sitemap_size()
returns bigint language sql stable security invoker set search_path = '' as $$
  select (select count(*) from public.sitemap_entries s where s.kind <> 4)
       + (select coalesce(sum(st.vendor_count), 0) from public.states st)::bigint;
$$;

revoke execute on function public.sitemap_size() from public;
grant execute on function public.sitemap_size() to anon, authenticated, service_role;
