-- A name as a URL slug: lower case, runs of anything but letters and digits made one hyphen.
create or replace function public.slugify(p_text text)
returns text language sql immutable set search_path = '' as $$
  select trim(both '-' from regexp_replace(lower(coalesce(p_text, '')), '[^a-z0-9]+', '-', 'g'));
$$;

revoke execute on function public.slugify(text) from public, anon, authenticated;
