-- Trigger: a listing that gets a manager is queued for the timed round to keep its settled weeks
-- (keep_listing_weeks), so its first charts view finds them kept.
create or replace function private.listing_weeks_queued()
returns trigger language plpgsql security definer set search_path = '' as $$
begin
  insert into private.listing_weeks_due (vendor_id)
  select distinct n.vendor_id from new_rows n order by 1
  on conflict do nothing;
  return null;
end;
$$;
revoke execute on function private.listing_weeks_queued() from public, anon, authenticated;
