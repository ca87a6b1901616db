-- A LIKE pattern that matches any text containing p_text as it is written: its own %, _ and \
-- match only themselves.
create or replace function private.like_contains(p_text text)
returns text language sql immutable set search_path = '' as $$
  select '%' || replace(replace(replace(p_text, '\', '\\'), '%', '\%'), '_', '\_') || '%';
$$;
revoke execute on function private.like_contains(text) from public, anon, authenticated;
