-- The week and 4-week rates again, for any card saved between the migration that added their columns
-- and the one that keeps them (its keepers wrote the day rate alone).
update private.city_class_rates r set week_rate = k.week_rate, four_week_rate = k.four_week_rate
from public.rate_card_classes k
where k.vendor_id = r.vendor_id and k.class = r.class
  and (r.week_rate, r.four_week_rate) is distinct from (k.week_rate, k.four_week_rate);
