-- Trigger: when a request's email to a vendor is sent, notes the time on the vendor's recipient row,
-- from which its response times are read (vendor_responses) without reading the messages.
create or replace function private.recipient_emailed_at()
returns trigger language plpgsql security definer set search_path = '' as $$
begin
  update public.lead_recipients r set emailed_at = new.sent_at
  where r.lead_id = new.lead_id and r.vendor_id = new.vendor_id and r.emailed_at is distinct from new.sent_at;
  return null;
end;
$$;

revoke execute on function private.recipient_emailed_at() from public, anon, authenticated;
