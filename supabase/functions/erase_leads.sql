-- Blanks the personal fields of these requests in place (name, phone, email, client address,
-- the consent's hashed address), keeping what the reports count; empties their messages' contents
-- and recipients, cancelling those not yet sent. It runs in its caller's transaction, so a
-- request is erased whole or untouched. Returns how many requests it changed.
create or replace function private.erase_leads(p_ids bigint[])
returns int language plpgsql security definer set search_path = '' as $$
declare
  n int;
begin
  update public.leads l set name = '', phone = '', renter_email = null, client_key = null, anonymized_at = now()
  where l.id = any (p_ids) and l.anonymized_at is null;
  get diagnostics n = row_count;
  update public.lead_consents c set client_hash = null where c.lead_id = any (p_ids) and c.client_hash is not null;
  update public.outbox_messages m set payload = '{}'::jsonb, recipient = null, last_error = null,
    status = case when m.status in ('pending', 'sending') then 'failed' else m.status end,
    claim_id = null, claimed_until = null
  where m.lead_id = any (p_ids) and (m.payload <> '{}'::jsonb or m.recipient is not null or m.status in ('pending', 'sending'));
  return n;
end;
$$;

revoke execute on function private.erase_leads(bigint[]) from public, anon, authenticated;
