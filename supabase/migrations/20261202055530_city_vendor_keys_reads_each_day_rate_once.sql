-- Written by npm run db:migration from supabase/functions/ (edit those files, not this one).

-- supabase/functions/city_vendor_keys.sql
-- Trigger (by statement, on vendors and on rate cards and their classes): keeps the keys a city's
-- vendors are ordered by (private.city_vendors) as vendors are renamed, hidden, shown, reviewed or
-- answered, and as their rate cards change, and their rates per class (private.city_class_rates)
-- as they are hidden or shown and as their cards change. The keys of city_vendors are written only
-- where they differ. A card's change first takes its vendor's row, as an edit of the vendor and
-- serviced_counts do, so that two transactions never write one vendor's keys from what each alone sees.
create or replace function private.city_vendor_keys()
returns trigger language plpgsql security definer set search_path = '' as $$
declare
  vendor_ids bigint[] := '{}';
begin
  if tg_table_name = 'vendors' then
    vendor_ids := array(select distinct cv.vendor_id from private.city_vendors cv join new_rows n on n.id = cv.vendor_id
                        where cv.hidden <> n.hidden);
    update private.city_vendors cv
    set name = n.name, hidden = n.hidden, review_count = n.review_count,
        responded_at = case when n.response_hours is not null then n.last_responded_at end
    from new_rows n
    where cv.vendor_id = n.id
      and (cv.name, cv.hidden, cv.review_count, cv.responded_at) is distinct from
          (n.name, n.hidden, n.review_count, case when n.response_hours is not null then n.last_responded_at end);
    if cardinality(vendor_ids) > 0 then
      perform private.keep_city_class_rates(vendor_ids);
    end if;
    return null;
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    vendor_ids := vendor_ids || array(select n.vendor_id from new_rows n);
  end if;
  if tg_op in ('DELETE', 'UPDATE') then
    vendor_ids := vendor_ids || array(select o.vendor_id from old_rows o);
  end if;
  vendor_ids := array(select distinct u.id from unnest(vendor_ids) u(id) order by 1);
  perform 1 from public.vendors v where v.id = any (vendor_ids) order by v.id for no key update;
  -- Materialized, so that each vendor's rate is read once rather than for each of its city rows.
  with d as materialized (select u.id, private.published_day_rate(u.id) as rate from unnest(vendor_ids) u(id))
  update private.city_vendors cv set day_rate = d.rate
  from d
  where cv.vendor_id = d.id and cv.day_rate is distinct from d.rate;
  perform private.keep_city_class_rates(vendor_ids);
  return null;
end;
$$;
revoke execute on function private.city_vendor_keys() from public, anon, authenticated;
