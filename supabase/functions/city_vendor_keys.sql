-- Trigger (by statement, on vendors and on rate cards and their classes): keeps the keys a city's
-- vendors are ordered by (private.city_vendors) as vendors are renamed, hidden, shown, reviewed or
-- answer, and as their rate cards change. A vendor's rows are written only when a key differs.
create or replace function private.city_vendor_keys()
returns trigger language plpgsql security definer set search_path = '' as $$
begin
  if tg_table_name = 'vendors' then
    update private.city_vendors cv
    set name = n.name, hidden = n.hidden, review_count = n.review_count,
        responded_at = case when n.response_hours is not null then n.last_responded_at end
    from new_rows n
    where cv.vendor_id = n.id
      and (cv.name, cv.hidden, cv.review_count, cv.responded_at) is distinct from
          (n.name, n.hidden, n.review_count, case when n.response_hours is not null then n.last_responded_at end);
    return null;
  end if;
  update private.city_vendors cv set day_rate = x.day_rate
  from (select ids.vendor_id, private.published_day_rate(ids.vendor_id) as day_rate
        from (select distinct c.vendor_id from changed_rows c) ids) x
  where cv.vendor_id = x.vendor_id and cv.day_rate is distinct from x.day_rate;
  return null;
end;
$$;
revoke execute on function private.city_vendor_keys() from public, anon, authenticated;
