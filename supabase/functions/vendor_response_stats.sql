-- Trigger (by statement): when vendors answer requests, keeps on each one's row when it last answered
-- and its response time then (vendor_responses); when they answer or stay silent past their due
-- time, its response rate (vendor_response_rates). Only an answer or a silence recomputes them: a
-- later change of a request's status, which leaves its answer as it was, does not. Its statements are planned on
-- each call (execute): a plan kept from a call of a few rows would join a bulk statement's
-- thousands in a nested loop.
create or replace function private.vendor_response_stats()
returns trigger language plpgsql security definer set search_path = '' as $$
declare
  answered_by bigint[];
begin
  if tg_op = 'UPDATE' then
    execute 'select array(select distinct n.vendor_id from new_rows n join old_rows o on o.lead_id = n.lead_id and o.vendor_id = n.vendor_id
                          where (n.responded_at is not null and n.responded_at is distinct from o.responded_at)
                             or (n.passed_at is not null and n.passed_at is distinct from o.passed_at))' into answered_by;
  else
    execute 'select array(select distinct n.vendor_id from new_rows n where n.responded_at is not null or n.passed_at is not null)' into answered_by;
  end if;
  if cardinality(answered_by) = 0 then
    return null;
  end if;
  execute 'with answered as (
             select n.vendor_id, max(n.responded_at) as at from new_rows n
             where n.vendor_id = any ($1) and n.responded_at is not null group by 1)
           update public.vendors v set last_responded_at = greatest(v.last_responded_at, a.at), response_hours = x.hours, response_count = x.count
           from answered a left join private.vendor_responses($1) x on x.vendor_id = a.vendor_id
           where v.id = a.vendor_id' using answered_by;
  execute 'update public.vendors v set response_rate = x.rate, response_rate_count = x.count
           from private.vendor_response_rates($1) x where v.id = x.vendor_id' using answered_by;
  return null;
end;
$$;
revoke execute on function private.vendor_response_stats() from public, anon, authenticated;
