-- Where each sitemap file after the first starts: the kind and key of the entry before it, when
-- files hold p_per_file entries and the first holds p_first_file (the rest of it is static
-- pages). One pass over the entries' keys, read once for the whole index by its cache.
create or replace function public.sitemap_file_starts(p_first_file int, p_per_file int)
returns table (file int, after_kind int, after_key bigint) language sql stable set search_path = ''
-- Numbering 100,000 listings sorts them in memory rather than on disk.
set work_mem = '16MB' as $$
  select ((e.n - p_first_file) / p_per_file + 1)::int, e.kind, e.key
  from (select s.kind, s.key, row_number() over (order by s.kind, s.key) as n from public.sitemap_entries s) e
  where p_per_file > 0 and e.n >= p_first_file and (e.n - p_first_file) % p_per_file = 0;
$$;

revoke execute on function public.sitemap_file_starts(integer,integer) from public;
grant execute on function public.sitemap_file_starts(integer,integer) to anon, authenticated, service_role;
