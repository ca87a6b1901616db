-- Trigger: copies its request's completed_at onto a new recipient, so a listing's requests read newest first from one index.
create or replace function private.recipient_completed_at()
returns trigger language plpgsql security definer set search_path = '' as $$
begin
  new.completed_at := (select l.completed_at from public.leads l where l.id = new.lead_id);
  return new;
end;
$$;
revoke execute on function private.recipient_completed_at() from public, anon, authenticated;
