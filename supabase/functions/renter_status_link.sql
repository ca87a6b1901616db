-- Stores the hash of the status link that the renter's emails and texts about a request carry,
-- minted when the message is made: it opens that request's status page for 90 days. A renter
-- reached only by text (no email address) gets a link that holds no address.
create or replace function public.renter_status_link(p_lead_id bigint, p_token_hash text)
returns void language plpgsql security definer set search_path = '' as $$
declare
  v_email text;
  v_lead bigint;
begin
  select l.renter_email, l.id into v_email, v_lead from public.leads l
  where l.id = p_lead_id and l.completed and (l.renter_email is not null or l.phone_e164 is not null);
  if v_lead is null then
    raise exception 'No such request' using errcode = 'PT404', hint = 'no-request';
  end if;
  insert into public.auth_links (token_hash, purpose, email, lead_id, expires_at)
  values (p_token_hash, 'lead_status', v_email, p_lead_id, now() + interval '90 days');
end;
$$;

revoke execute on function public.renter_status_link(bigint,text) from public, anon, authenticated;
grant execute on function public.renter_status_link(bigint,text) to service_role;
