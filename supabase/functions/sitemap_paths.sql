-- One page of the sitemaps' paths, with when each changed, in (kind, key) order by keyset: the
-- p_limit entries after entry (p_after_kind, p_after_key), or the first. At most 1,000 rows a
-- call (PostgREST's max-rows): callers page, passing the last kind and key they read.
create or replace function public.sitemap_paths(p_after_kind int, p_after_key bigint, p_limit int)
returns table (kind int, key bigint, path text, updated_at timestamptz) language sql stable set search_path = '' as $$
  select e.kind, e.key, e.path, e.updated_at from public.sitemap_entries e
  where p_after_kind is null or e.kind > p_after_kind or (e.kind = p_after_kind and e.key > p_after_key)
  order by e.kind, e.key
  limit least(greatest(coalesce(p_limit, 0), 0), 1000);
$$;

revoke execute on function public.sitemap_paths(integer,bigint,integer) from public;
grant execute on function public.sitemap_paths(integer,bigint,integer) to anon, authenticated, service_role;
