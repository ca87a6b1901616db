-- Trigger (by statement): when vendors answer requests, keeps on each one's row when it last
-- answered; when they answer or stay silent past their due time, marks its response figures due
-- for the timed round to count (private.responses_due, count_responses), so an answer costs no
-- more for a busy listing than for a quiet one. Only an answer or a silence marks them: a later
-- change of a request's status, which leaves its answer as it was, does not. The mark is written
-- (or, when there is one, locked) first and held until the answer commits, so a count skips the
-- listing until then rather than count it without the answer; an answer that finds its mark held
-- by a count waits for it, then marks the listing again. Its statements on the transition tables
-- are planned on each call (execute): a plan kept from a call of a few rows would join a bulk
-- statement's thousands in a nested loop.
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
  insert into private.responses_due (vendor_id, since)
  select u.id, now() from unnest(answered_by) u(id) order by u.id
  on conflict (vendor_id) do update set since = private.responses_due.since;
  execute 'update public.vendors v set last_responded_at = a.at
           from (select n.vendor_id, max(n.responded_at) as at from new_rows n where n.vendor_id = any ($1) group by 1) a
           where v.id = a.vendor_id and a.at > coalesce(v.last_responded_at, ''-infinity'')' using answered_by;
  return null;
end;
$$;
revoke execute on function private.vendor_response_stats() from public, anon, authenticated;
