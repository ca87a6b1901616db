-- Starts a draft rental request for the browser holding p_owner_token (its hash is stored),
-- within the per-client hourly limit; returns its id.
create or replace function public.create_lead(p_owner_token text, p_client_key text default null, p_vendor_id bigint default null)
returns bigint language plpgsql security definer set search_path = '' as $$
declare
  v_name text;
  new_id bigint;
begin
  if p_owner_token is null or length(p_owner_token) < 32 or length(p_owner_token) > 128 then
    raise exception 'Invalid owner token' using errcode = 'P0001', hint = 'owner-token';
  end if;
  if length(p_client_key) > 128 then
    raise exception 'Invalid client key' using errcode = 'P0001', hint = 'client-key';
  end if;
  if p_vendor_id is not null then
    select v.name into v_name from public.vendors v where v.id = p_vendor_id;
    if v_name is null then
      raise exception 'Unknown vendor' using errcode = 'P0001', hint = 'no-record';
    end if;
  end if;
  perform public.count_write_attempt('lead', p_client_key, interval '1 hour', 30,
    'Too many rental requests from your connection. Please try again later.');
  insert into public.leads (vendor_id, vendor_name, step, location, name, phone, rental_days, owner_token_hash, client_key)
  values (p_vendor_id, v_name, 1, 'pending', '', '', 1,
          encode(sha256(convert_to(p_owner_token, 'UTF8')), 'hex'), p_client_key)
  returning id into new_id;
  return new_id;
end;
$$;

revoke execute on function public.create_lead(text,text,bigint) from public, anon, authenticated;
grant execute on function public.create_lead(text,text,bigint) to service_role;
