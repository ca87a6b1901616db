-- Trigger (by statement): notes on each request when a vendor first quoted it, so that the console
-- reads quoted requests newest first from one index (quote_save holds the request's lock already).
create or replace function private.lead_quoted_at()
returns trigger language plpgsql security definer set search_path = '' as $$
begin
  update public.leads l set quoted_at = q.at
  from (select n.lead_id, min(n.created_at) as at from new_rows n group by n.lead_id) q
  where l.id = q.lead_id and l.quoted_at is null;
  return null;
end;
$$;

revoke execute on function private.lead_quoted_at() from public, anon, authenticated;
