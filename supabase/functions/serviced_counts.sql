-- Trigger (by statement): keeps the cities' vendor counts, city_vendors and city_class_rates, as ZIP
-- codes served are added, changed and removed. It first takes the vendors' rows, as an edit of a
-- vendor or of its card does (private.city_vendor_keys), so that the keys and rates it writes are
-- those the vendors have once any such change is committed.
create or replace function private.serviced_counts()
returns trigger language plpgsql security definer set search_path = '' as $$
begin
  if tg_op = 'DELETE' then
    perform 1 from public.vendors v where v.id in (select o.vendor_id from old_rows o) order by v.id for no key update;
  else
    perform 1 from public.vendors v where v.id in (select n.vendor_id from new_rows n) order by v.id for no key update;
  end if;
  if tg_op in ('DELETE', 'UPDATE') then
    update private.city_vendors cv set zips = cv.zips - x.zips
    from (select p.city_id, o.vendor_id, count(*)::int as zips from old_rows o join public.postcodes p on p.id = o.postcode_id group by 1, 2) x
    where cv.city_id = x.city_id and cv.vendor_id = x.vendor_id;
    -- A city loses a listed vendor when the last of its ZIP codes there goes.
    with gone as (
      delete from private.city_vendors cv
      using (select distinct p.city_id, o.vendor_id from old_rows o join public.postcodes p on p.id = o.postcode_id) x
      where cv.city_id = x.city_id and cv.vendor_id = x.vendor_id and cv.zips = 0
      returning cv.city_id, cv.vendor_id
    ), rates_gone as (
      delete from private.city_class_rates r using gone g where r.city_id = g.city_id and r.vendor_id = g.vendor_id)
    update public.cities c set vendor_count = c.vendor_count - x.n
    from (select g.city_id, count(*)::int as n from gone g join public.vendors v on v.id = g.vendor_id where not v.hidden group by 1) x
    where c.id = x.city_id;
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    -- A city gains a listed vendor with the first of its ZIP codes there (a row just inserted has
    -- xmax 0), with the keys its page orders it by (then kept by private.city_vendor_keys).
    with added as (
      insert into private.city_vendors as cv (city_id, vendor_id, zips, name, hidden, review_count, responded_at, day_rate)
      select x.city_id, x.vendor_id, x.zips, v.name, v.hidden, v.review_count,
             case when v.response_hours is not null then v.last_responded_at end, private.published_day_rate(v.id)
      from (select p.city_id, n.vendor_id, count(*)::int as zips from new_rows n join public.postcodes p on p.id = n.postcode_id
            group by 1, 2) x
      join public.vendors v on v.id = x.vendor_id
      on conflict (city_id, vendor_id) do update set zips = cv.zips + excluded.zips
      returning cv.city_id, cv.vendor_id, cv.xmax = 0 as first
    ), rates_added as (
      insert into private.city_class_rates (city_id, class, day_rate, week_rate, four_week_rate, vendor_id)
      select a.city_id, k.class, k.day_rate, k.week_rate, k.four_week_rate, a.vendor_id from added a
      join public.vendors v on v.id = a.vendor_id and not v.hidden
      join public.rate_cards r on r.vendor_id = a.vendor_id and r.published
      join public.rate_card_classes k on k.vendor_id = a.vendor_id
      where a.first)
    update public.cities c set vendor_count = c.vendor_count + x.n
    from (select a.city_id, count(*)::int as n from added a join public.vendors v on v.id = a.vendor_id where a.first and not v.hidden group by 1) x
    where c.id = x.city_id;
  end if;
  return null;
end;
$$;
revoke execute on function private.serviced_counts() from public, anon, authenticated;
