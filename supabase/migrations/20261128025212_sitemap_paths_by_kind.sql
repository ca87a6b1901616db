-- Written by npm run db:migration from supabase/functions/ (edit those files, not this one).

-- supabase/functions/sitemap_paths.sql
-- One page of the sitemaps' paths, with when each changed, in (kind, key) order by keyset: the
-- p_limit entries after entry (p_after_kind, p_after_key), or the first. At most 1,000 rows a
-- call (PostgREST's max-rows): callers page, passing the last kind and key they read.
-- Read a kind at a time, each from its key's index: one keyset over the whole view would be
-- planned without its kind, and filter every listing to reach the last page.
create or replace function public.sitemap_paths(p_after_kind int, p_after_key bigint, p_limit int)
returns table (kind int, key bigint, path text, updated_at timestamptz) language plpgsql stable set search_path = '' as $$
declare
  remaining int := least(greatest(coalesce(p_limit, 0), 0), 1000);
  read int;
begin
  for k in greatest(coalesce(p_after_kind, 1), 1)..6 loop
    exit when remaining = 0;
    return query
      select e.kind, e.key, e.path, e.updated_at from public.sitemap_entries e
      where e.kind = k and e.key > coalesce(case when k = p_after_kind then p_after_key end, -9223372036854775808)
      order by e.key
      limit remaining;
    get diagnostics read = row_count;
    remaining := remaining - read;
  end loop;
end;
$$;

revoke execute on function public.sitemap_paths(integer,bigint,integer) from public;
grant execute on function public.sitemap_paths(integer,bigint,integer) to anon, authenticated, service_role;
