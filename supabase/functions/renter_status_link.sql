-- Stores the hash of the status link that the renter's copy of a request carries, minted
-- when the email is rendered: it opens that request's status page for 90 days.
create or replace function public.renter_status_link(p_lead_id bigint, p_token_hash text)
returns void language plpgsql security definer set search_path = '' as $$
declare
  v_email text;
begin
  select l.renter_email into v_email from public.leads l where l.id = p_lead_id and l.completed and l.renter_email is not null;
  if v_email is null then
    raise exception 'No such request' using errcode = 'PT404', hint = 'no-request';
  end if;
  insert into public.auth_links (token_hash, purpose, email, lead_id, expires_at)
  values (p_token_hash, 'lead_status', v_email, p_lead_id, now() + interval '90 days');
end;
$$;

revoke execute on function public.renter_status_link(bigint,text) from public, anon, authenticated;
grant execute on function public.renter_status_link(bigint,text) to service_role;
