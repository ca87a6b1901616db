-- The link of an outbox email that carries one, minted as the email is rendered: its
-- token's hash is stored (the outbox keeps no token) for the message's recipient. A
-- sign-in or claim link works once, for 30 minutes; a "your listing is live" email's
-- sign-in link for 7 days. Returns false, storing nothing, when the link would no longer
-- work: the address manages no listing any more, or the listing has been claimed since.
create or replace function public.outbox_link(p_message_id bigint, p_token_hash text)
returns boolean language plpgsql security definer set search_path = '' as $$
declare
  m public.outbox_messages;
begin
  select * into m from public.outbox_messages x where x.id = p_message_id and x.status = 'sending';
  if m.id is null or m.recipient is null then
    return false;
  end if;
  if m.kind = 'claim_link' then
    if not exists (select 1 from public.vendors v where v.id = m.vendor_id and v.claimed_at is null and not v.hidden) then
      return false;
    end if;
    insert into public.auth_links (token_hash, purpose, email, vendor_id, expires_at)
    values (p_token_hash, 'claim', m.recipient, m.vendor_id, now() + interval '30 minutes');
    return true;
  end if;
  if m.kind not in ('sign_in', 'listing_live') or not exists (select 1 from public.vendor_managers v where v.email = m.recipient) then
    return false;
  end if;
  insert into public.auth_links (token_hash, purpose, email, expires_at)
  values (p_token_hash, 'sign_in', m.recipient,
          now() + case m.kind when 'sign_in' then interval '30 minutes' else interval '7 days' end);
  return true;
end;
$$;

revoke execute on function public.outbox_link(bigint,text) from public, anon, authenticated;
grant execute on function public.outbox_link(bigint,text) to service_role;
