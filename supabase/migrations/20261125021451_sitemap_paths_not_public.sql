-- Written by npm run db:migration from supabase/functions/ (edit those files, not this one).

-- supabase/functions/sitemap_paths.sql
-- One page of the sitemaps' paths, with when each changed: at most 1,000 rows a call
-- (PostgREST's max-rows), so callers page.
create or replace function public.sitemap_paths(p_offset int, p_limit int)
returns table (path text, updated_at timestamptz) language sql stable set search_path = '' as $$
  select e.path, e.updated_at from public.sitemap_entries e
  order by e.kind, e.path
  offset greatest(coalesce(p_offset, 0), 0)
  limit least(greatest(coalesce(p_limit, 0), 0), 1000);
$$;

revoke execute on function public.sitemap_paths(integer,integer) from public;
grant execute on function public.sitemap_paths(integer,integer) to anon, authenticated, service_role;
