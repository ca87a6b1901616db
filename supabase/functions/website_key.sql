-- A website as duplicates are compared: no case, scheme, "www." or trailing slash.
create or replace function public.website_key(p_site text)
returns text language sql immutable set search_path = '' as $$
  select nullif(regexp_replace(regexp_replace(regexp_replace(lower(trim(coalesce(p_site, ''))),
    '^[a-z][a-z0-9+.-]*://', ''), '^www\.', ''), '/+$', ''), '');
$$;

revoke execute on function public.website_key(text) from public, anon, authenticated;
