-- Written by npm run db:migration from supabase/functions/ (edit those files, not this one).

-- supabase/functions/recipient_emailed_at.sql
-- Trigger (by statement): when requests' emails to vendors are sent, notes the time on each vendor's
-- recipient row, from which its response times are read (vendor_responses) without reading the
-- messages. One update for all the statement's messages, as the outbox drain marks them together;
-- an update counts only where it sent the message (retention's emptying of old ones does not).
-- Planned on each call (execute): a plan kept from a call of a few rows would join a bulk
-- statement's thousands in a nested loop.
create or replace function private.recipient_emailed_at()
returns trigger language plpgsql security definer set search_path = '' as $$
begin
  if tg_op = 'INSERT' then
    execute 'update public.lead_recipients r set emailed_at = m.sent_at
             from (select n.lead_id, n.vendor_id, max(n.sent_at) as sent_at from new_rows n
                   where n.kind = ''lead'' and n.channel = ''email'' and n.sent_at is not null group by 1, 2) m
             where r.lead_id = m.lead_id and r.vendor_id = m.vendor_id and r.emailed_at is distinct from m.sent_at';
  else
    execute 'update public.lead_recipients r set emailed_at = m.sent_at
             from (select n.lead_id, n.vendor_id, max(n.sent_at) as sent_at from new_rows n
                   join old_rows o on o.id = n.id and o.sent_at is distinct from n.sent_at
                   where n.kind = ''lead'' and n.channel = ''email'' and n.sent_at is not null group by 1, 2) m
             where r.lead_id = m.lead_id and r.vendor_id = m.vendor_id and r.emailed_at is distinct from m.sent_at';
  end if;
  return null;
end;
$$;

revoke execute on function private.recipient_emailed_at() from public, anon, authenticated;

-- supabase/functions/vendor_counts.sql
-- Trigger: keeps the states' and cities' vendor counts as vendors are added, moved, hidden, shown (by statement) or deleted (by row).
create or replace function private.vendor_counts()
returns trigger language plpgsql security definer set search_path = '' as $$
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
  -- old and new rows in a nested loop.
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
-- Trigger (by statement): when vendors answer requests, keeps on each one's row when it last answered
-- and its response time then (vendor_responses). Only an answer recomputes it: a later change of a
-- request's status, which leaves its answer as it was, does not. Its statements are planned on
-- each call (execute): a plan kept from a call of a few rows would join a bulk statement's
-- thousands in a nested loop.
create or replace function private.vendor_response_stats()
returns trigger language plpgsql security definer set search_path = '' as $$
declare
  answered_by bigint[];
begin
  if tg_op = 'UPDATE' then
    execute 'select array(select distinct n.vendor_id from new_rows n join old_rows o on o.lead_id = n.lead_id and o.vendor_id = n.vendor_id
                          where n.responded_at is not null and n.responded_at is distinct from o.responded_at)' into answered_by;
  else
    execute 'select array(select distinct n.vendor_id from new_rows n where n.responded_at is not null)' into answered_by;
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
  return null;
end;
$$;
revoke execute on function private.vendor_response_stats() from public, anon, authenticated;
