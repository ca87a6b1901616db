-- Trigger (by statement): when vendors answer requests, keeps on each one's row when it last answered and its response time then (vendor_responses).
create or replace function private.vendor_response_stats()
returns trigger language plpgsql security definer set search_path = '' as $$
begin
  with answered as (
    select n.vendor_id, max(n.responded_at) as at from new_rows n where n.responded_at is not null group by 1
  )
  update public.vendors v set last_responded_at = greatest(v.last_responded_at, a.at), response_hours = x.hours, response_count = x.count
  from answered a left join private.vendor_responses(array(select vendor_id from answered)) x on x.vendor_id = a.vendor_id
  where v.id = a.vendor_id;
  return null;
end;
$$;
revoke execute on function private.vendor_response_stats() from public, anon, authenticated;
