-- A sign-in request: a link (its hash only) is stored when the address manages a listing,
-- and nothing otherwise; the visitor is told the same either way. Limited per client and
-- per address. Returns whether a link was stored for the server to email.
create or replace function public.business_sign_in_start(p_email text, p_client_key text, p_token_hash text)
returns boolean language plpgsql security definer set search_path = '' as $$
declare
  v_email text := lower(trim(coalesce(p_email, '')));
begin
  if not public.is_email_address(v_email) then
    raise exception 'Please enter a valid email address' using errcode = 'P0001';
  end if;
  perform public.count_write_attempt('sign_in', p_client_key, interval '1 hour', 10,
    'Too many sign-in requests from your connection. Please try again in an hour.');
  perform public.count_write_attempt('sign_in_email', 'email-' || md5(v_email), interval '1 hour', 5,
    'Too many sign-in requests for this address. Please try again in an hour.');
  delete from public.auth_links a where a.expires_at < now() - interval '1 day';
  if not exists (select 1 from public.vendor_managers m where m.email = v_email) then
    return false;
  end if;
  insert into public.auth_links (token_hash, purpose, email, expires_at) values (p_token_hash, 'sign_in', v_email, now() + interval '30 minutes');
  return true;
end;
$$;

revoke execute on function public.business_sign_in_start(text,text,text) from public, anon, authenticated;
grant execute on function public.business_sign_in_start(text,text,text) to service_role;
