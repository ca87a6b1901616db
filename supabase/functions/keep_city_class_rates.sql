-- Writes again these vendors' rows of private.city_class_rates from their rate cards and the cities
-- they serve: every class of a published card, in every city, while the vendor is listed.
create or replace function private.keep_city_class_rates(p_vendor_ids bigint[])
returns void language sql security definer set search_path = '' as $$
  delete from private.city_class_rates r where r.vendor_id = any (p_vendor_ids);
  insert into private.city_class_rates (city_id, class, day_rate, week_rate, four_week_rate, vendor_id)
  select cv.city_id, k.class, k.day_rate, k.week_rate, k.four_week_rate, cv.vendor_id
  from private.city_vendors cv
  join public.rate_cards r on r.vendor_id = cv.vendor_id and r.published
  join public.rate_card_classes k on k.vendor_id = cv.vendor_id
  where cv.vendor_id = any (p_vendor_ids) and not cv.hidden;
$$;
revoke execute on function private.keep_city_class_rates(bigint[]) from public, anon, authenticated;
