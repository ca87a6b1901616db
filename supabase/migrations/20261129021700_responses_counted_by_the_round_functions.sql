-- Written by npm run db:migration from supabase/functions/ (edit those files, not this one).

-- supabase/functions/count_responses.sql
-- The timed round's job for listings' response figures: counts the response time
-- (vendor_responses) and rate (vendor_response_rates) of up to p_batch listings whose figures are
-- due (an answer or a silence since they were last counted: private.responses_due), the longest
-- waiting first, or only p_vendor_id's (after its business's own answer); returns how many it
-- counted, or null when none was due. It claims each listing's mark and row together and skips
-- any another transaction holds, so it never waits: instances running it at once never count the
-- same listing, and an answer that comes while its listing is counted waits for the count, then
-- marks it due again.
create or replace function public.count_responses(p_batch int default 20, p_vendor_id bigint default null)
returns int language plpgsql security definer set search_path = '' as $$
declare
  due bigint[];
begin
  select array(select d.vendor_id from private.responses_due d join public.vendors v on v.id = d.vendor_id
               where p_vendor_id is null or d.vendor_id = p_vendor_id
               order by d.since, d.vendor_id limit least(greatest(coalesce(p_batch, 20), 1), 1000)
               for update skip locked) into due;
  if cardinality(due) = 0 then
    return null;
  end if;
  delete from private.responses_due d where d.vendor_id = any (due);
  update public.vendors v
  set response_hours = x.hours, response_count = x.count, response_rate = y.rate, response_rate_count = y.count
  from unnest(due) d(id)
  left join private.vendor_responses(due) x on x.vendor_id = d.id
  left join private.vendor_response_rates(due) y on y.vendor_id = d.id
  where v.id = d.id;
  return cardinality(due);
end;
$$;

revoke execute on function public.count_responses(int, bigint) from public, anon, authenticated;
grant execute on function public.count_responses(int, bigint) to service_role;

-- supabase/functions/vendor_response_stats.sql
-- Trigger (by statement): when vendors answer requests, keeps on each one's row when it last
-- answered; when they answer or stay silent past their due time, marks its response figures due
-- for the timed round to count (private.responses_due, count_responses), so an answer costs no
-- more for a busy listing than for a quiet one. Only an answer or a silence marks them: a later
-- change of a request's status, which leaves its answer as it was, does not. The mark comes
-- first: a count holding it (and the listing's row) is waited for before the row is written, so
-- the two never wait for each other. Its statements are planned on each call (execute): a plan
-- kept from a call of a few rows would join a bulk statement's thousands in a nested loop.
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
  on conflict (vendor_id) do nothing;
  execute 'update public.vendors v set last_responded_at = a.at
           from (select n.vendor_id, max(n.responded_at) as at from new_rows n where n.vendor_id = any ($1) group by 1) a
           where v.id = a.vendor_id and a.at > coalesce(v.last_responded_at, ''-infinity'')' using answered_by;
  return null;
end;
$$;
revoke execute on function private.vendor_response_stats() from public, anon, authenticated;
