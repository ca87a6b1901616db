-- The one rule for an email address, used by the columns and the submission function.
create or replace function public.is_email_address(p_email text)
returns boolean language sql immutable set search_path = '' as $$
  select length(p_email) <= 254 and p_email ~* '^[^@\s]+@[a-z0-9-]+(\.[a-z0-9-]+)+$';
$$;

revoke execute on function public.is_email_address(text) from public, anon, authenticated;
