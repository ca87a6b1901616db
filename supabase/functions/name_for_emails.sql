-- A business name as it may appear in an email's display name.
create or replace function public.name_for_emails(p_name text)
returns text language sql immutable set search_path = '' as $$
  select trim(regexp_replace(
           regexp_replace(replace(p_name, '&', ' and '), '[[:punct:]]', '', 'g'),
           '\s+', ' ', 'g'));
$$;

revoke execute on function public.name_for_emails(text) from public, anon, authenticated;
