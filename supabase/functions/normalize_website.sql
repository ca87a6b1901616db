-- A website as it is stored and linked: "https://host" (or "http://host" when typed so),
-- lower case, without path, query, port or credentials; null when the text has no
-- valid host. "example.com/rentals?x" becomes "https://example.com".
create or replace function public.normalize_website(p_site text)
returns text language sql immutable set search_path = '' as $$
  select coalesce(m[1], 'https') || '://' || m[2]
  from regexp_match(lower(trim(coalesce(p_site, ''))),
    '^(?:(https?)://)?((?:[a-z0-9](?:-?[a-z0-9])*\.)+[a-z]{2,})\.?(?:[/?#]\S*)?$') m;
$$;

revoke execute on function public.normalize_website(text) from public, anon, authenticated;
