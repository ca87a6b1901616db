-- A sign-in request: when the address manages a listing, a sign-in email is queued in the
-- outbox (its link is made when it is sent); otherwise nothing. The visitor is told the
-- same either way, at the same speed. Limited per client and per address.
create or replace function public.business_sign_in_start(p_email text, p_client_key text)
returns void language plpgsql security definer set search_path = '' as $$
declare
  v_email text := lower(trim(coalesce(p_email, '')));
begin
  if not public.is_email_address(v_email) then
    raise exception 'Please enter a valid email address' using errcode = 'P0001', hint = 'email';
  end if;
  perform public.count_write_attempt('sign_in', p_client_key, interval '1 hour', 10,
    'Too many sign-in requests from your connection. Please try again in an hour.');
  perform public.count_write_attempt('sign_in_email', 'email-' || md5(v_email), interval '1 hour', 5,
    'Too many sign-in requests for this address. Please try again in an hour.');
  if exists (select 1 from public.vendor_managers m where m.email = v_email) then
    insert into public.outbox_messages (kind, channel, recipient) values ('sign_in', 'email', v_email);
  end if;
end;
$$;

revoke execute on function public.business_sign_in_start(text,text) from public, anon, authenticated;
grant execute on function public.business_sign_in_start(text,text) to service_role;
