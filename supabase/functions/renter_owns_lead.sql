-- Whether the caller proves a sent request its own (an erased one is nobody's): by the owner token its browser holds,
-- or by the status link emailed with the renter's copy (the hash of its token, while it lasts).
create or replace function private.renter_owns_lead(p_lead_id bigint, p_owner_token text, p_link_hash text)
returns boolean language sql stable security definer set search_path = '' as $$
  select exists (
    select 1 from public.leads l
    where l.id = p_lead_id and l.completed and l.state <> 'erased'
      and (l.owner_token_hash = encode(sha256(convert_to(coalesce(p_owner_token, ''), 'UTF8')), 'hex')
           or exists (select 1 from public.auth_links a where a.token_hash = p_link_hash and a.purpose = 'lead_status'
                      and a.lead_id = l.id and a.expires_at > now())));
$$;

revoke execute on function private.renter_owns_lead(bigint,text,text) from public, anon, authenticated;
