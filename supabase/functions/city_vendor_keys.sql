-- Trigger (by statement, on vendors and on rate cards and their classes): keeps the keys a city's
-- vendors are ordered by (private.city_vendors) as vendors are renamed, hidden, shown, reviewed or
-- answer, and as their rate cards change, and their rates per class (private.city_class_rates) as
-- they are hidden or shown and as their cards change. A vendor's rows are written only when a key differs.
create or replace function private.city_vendor_keys()
returns trigger language plpgsql security definer set search_path = '' as $$
declare
  shown_or_hidden bigint[];
begin
  if tg_table_name = 'vendors' then
    shown_or_hidden := array(select distinct cv.vendor_id from private.city_vendors cv join new_rows n on n.id = cv.vendor_id
                             where cv.hidden <> n.hidden);
    update private.city_vendors cv
    set name = n.name, hidden = n.hidden, review_count = n.review_count,
        responded_at = case when n.response_hours is not null then n.last_responded_at end
    from new_rows n
    where cv.vendor_id = n.id
      and (cv.name, cv.hidden, cv.review_count, cv.responded_at) is distinct from
          (n.name, n.hidden, n.review_count, case when n.response_hours is not null then n.last_responded_at end);
    if cardinality(shown_or_hidden) > 0 then
      perform private.keep_city_class_rates(shown_or_hidden);
    end if;
    return null;
  end if;
  update private.city_vendors cv set day_rate = x.day_rate
  from (select ids.vendor_id, private.published_day_rate(ids.vendor_id) as day_rate
        from (select distinct c.vendor_id from changed_rows c) ids) x
  where cv.vendor_id = x.vendor_id and cv.day_rate is distinct from x.day_rate;
  perform private.keep_city_class_rates(array(select distinct c.vendor_id from changed_rows c));
  return null;
end;
$$;
revoke execute on function private.city_vendor_keys() from public, anon, authenticated;
