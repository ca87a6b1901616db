-- The sign-in link of a "your listing is live" email, minted when the email is rendered:
-- stored (its hash only, for 7 days) when the address manages a listing. Returns whether.
create or replace function public.business_welcome_link(p_email text, p_token_hash text)
returns boolean language plpgsql security definer set search_path = '' as $$
begin
  if not exists (select 1 from public.vendor_managers m where m.email = lower(trim(coalesce(p_email, '')))) then
    return false;
  end if;
  insert into public.auth_links (token_hash, purpose, email, expires_at) values (p_token_hash, 'sign_in', lower(trim(p_email)), now() + interval '7 days');
  return true;
end;
$$;

revoke execute on function public.business_welcome_link(text,text) from public, anon, authenticated;
grant execute on function public.business_welcome_link(text,text) to service_role;
