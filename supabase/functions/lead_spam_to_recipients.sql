-- Trigger: a request marked spam, or not, carries the mark to its recipients' copies.
create or replace function private.lead_spam_to_recipients()
returns trigger language plpgsql security definer set search_path = '' as $$
begin
  update public.lead_recipients r set spam = new.spam where r.lead_id = new.id;
  return null;
end;
$$;
revoke execute on function private.lead_spam_to_recipients() from public, anon, authenticated;
