-- Written by npm run db:migration from supabase/functions/ (edit those files, not this one).

-- supabase/functions/pass_on_silent_requests.sql
-- The response rules' job: each vendor whose first response to a sent request was due (due_at)
-- and did not come is marked silent (passed_at, counted against its response rate), and the
-- request is handed on to the next vendor (private.hand_on), the silent vendor told when it was.
-- A request no longer waiting for vendors (booked, withdrawn, erased) or marked spam only clears
-- its due times: ignoring spam is no silence.
-- Each request is locked before its recipients, as every writer of a request does, and one
-- another instance holds is left to it. Returns how many vendors were passed.
create or replace function public.pass_on_silent_requests(p_limit int default 50)
returns int language plpgsql security definer set search_path = '' as $$
declare
  due record;
  v_state text;
  v_spam boolean;
  silent boolean;
  passed int := 0;
begin
  -- The earliest due, taken vendor by vendor: counting a silence marks the vendor's response rate
  -- due (locking its mark), so instances that take vendors in the same order never deadlock.
  for due in
    select x.lead_id, x.vendor_id from (
      select r.lead_id, r.vendor_id from public.lead_recipients r
      where r.due_at <= now()
      order by r.due_at
      limit least(greatest(coalesce(p_limit, 50), 1), 500)) x
    order by x.vendor_id, x.lead_id
  loop
    select l.state, l.spam into v_state, v_spam from public.leads l where l.id = due.lead_id for update skip locked;
    continue when not found;
    update public.lead_recipients r set due_at = null,
      passed_at = case when v_state = 'sent' and not v_spam and r.responded_at is null then now() end
    where r.lead_id = due.lead_id and r.vendor_id = due.vendor_id and r.due_at <= now()
    returning r.passed_at is not null into silent;
    continue when not coalesce(silent, false);
    passed := passed + 1;
    if private.hand_on(due.lead_id, due.vendor_id, 'silent') is not null then
      insert into public.outbox_messages (lead_id, vendor_id, channel, kind, recipient)
      select due.lead_id, v.id, 'email', 'passed_vendor', v.email from public.vendors v where v.id = due.vendor_id and v.email is not null
      on conflict do nothing;
    end if;
  end loop;
  return passed;
end;
$$;

revoke execute on function public.pass_on_silent_requests(integer) from public, anon, authenticated;
grant execute on function public.pass_on_silent_requests(integer) to service_role;

-- supabase/functions/vendor_counts.sql
-- Trigger: keeps the states' and cities' vendor counts as vendors are added, moved, hidden, shown (by statement) or deleted (by row).
create or replace function private.vendor_counts()
returns trigger language plpgsql security definer set search_path = '' as $$
declare
  changed bigint;
begin
  -- Before a vendor is deleted, row by row: the ZIP codes it serves go after it and find nothing to count.
  if tg_op = 'DELETE' then
    if not old.hidden then
      update public.states st set vendor_count = st.vendor_count - 1
      from public.postcodes p join public.cities c on c.id = p.city_id where p.id = old.postcode_id and st.id = c.state_id;
      update public.cities c set vendor_count = c.vendor_count - 1
      from private.city_vendors cv where cv.vendor_id = old.id and c.id = cv.city_id;
    end if;
    delete from private.city_vendors cv where cv.vendor_id = old.id;
    return old;
  end if;
  -- After a statement that added or changed vendors: each listed vendor counts in its address's
  -- state, and in every city it serves; a change of address or of hidden moves or removes it.
  if tg_op = 'INSERT' then
    update public.states st set vendor_count = st.vendor_count + x.n
    from (select c.state_id, count(*)::int as n from new_rows n join public.postcodes p on p.id = n.postcode_id
          join public.cities c on c.id = p.city_id where not n.hidden group by 1) x
    where st.id = x.state_id;
    return null;
  end if;
  -- Planned on each call (execute): a plan kept from a call of a few rows would join a bulk update's
  -- old and new rows in a nested loop. Most updates (an edit, a response time, a claim) neither
  -- move, hide nor show a vendor: they stop after counting so, before the counts' statements are
  -- planned (a count, as "exists" would join the rows pair by pair).
  execute 'select count(*) from new_rows n join old_rows o on o.id = n.id
           where n.hidden <> o.hidden or n.postcode_id is distinct from o.postcode_id' into changed;
  if changed = 0 then
    return null;
  end if;
  execute 'update public.states st set vendor_count = st.vendor_count + x.n
      from (select c.state_id, sum(ch.change)::int as n from (
              select n.postcode_id, 1 as change from new_rows n join old_rows o on o.id = n.id
              where not n.hidden and (n.postcode_id is distinct from o.postcode_id or o.hidden)
              union all
              select o.postcode_id, -1 from new_rows n join old_rows o on o.id = n.id
              where not o.hidden and (n.postcode_id is distinct from o.postcode_id or n.hidden)) ch
            join public.postcodes p on p.id = ch.postcode_id join public.cities c on c.id = p.city_id
            group by 1) x
      where st.id = x.state_id and x.n <> 0';
  execute 'update public.cities c set vendor_count = c.vendor_count + x.n
      from (select cv.city_id, sum(case when n.hidden then -1 else 1 end)::int as n
            from new_rows n join old_rows o on o.id = n.id join private.city_vendors cv on cv.vendor_id = n.id
            where n.hidden <> o.hidden group by 1) x
      where c.id = x.city_id';
  return null;
end;
$$;
revoke execute on function private.vendor_counts() from public, anon, authenticated;

-- supabase/functions/vendor_response_stats.sql
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
