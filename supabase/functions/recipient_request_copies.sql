-- Trigger: copies its request's completed_at and spam mark onto a new recipient, so a listing's
-- requests are read and counted newest first from one index without reading the requests.
create or replace function private.recipient_request_copies()
returns trigger language plpgsql security definer set search_path = '' as $$
begin
  select l.completed_at, l.spam into new.completed_at, new.spam from public.leads l where l.id = new.lead_id;
  new.spam := coalesce(new.spam, false);
  return new;
end;
$$;
revoke execute on function private.recipient_request_copies() from public, anon, authenticated;
