-- A city's price comparison reads its listings by the rates of the two periods a rental of its length
-- is priced by (city_class_vendors): each row keeps the class's week and 4-week rates too, and
-- what a week and 4 weeks cost on the card (a card without a week rate prices a week as 7 days, as
-- the estimate does), each ordered per city and class by an index.
alter table private.city_class_rates
  add column week_rate numeric(9,2),
  add column four_week_rate numeric(9,2),
  add column week_price numeric(9,2) generated always as (coalesce(week_rate, 7 * day_rate)) stored,
  add column four_week_price numeric(9,2) generated always as (coalesce(four_week_rate, 4 * coalesce(week_rate, 7 * day_rate))) stored;
update private.city_class_rates r set week_rate = k.week_rate, four_week_rate = k.four_week_rate
from public.rate_card_classes k
where k.vendor_id = r.vendor_id and k.class = r.class and (k.week_rate is not null or k.four_week_rate is not null);
create index city_class_rates_week_idx on private.city_class_rates (city_id, class, week_price);
create index city_class_rates_four_week_idx on private.city_class_rates (city_id, class, four_week_price);
comment on table private.city_class_rates is 'The rates of each class on each listed vendor''s published rate card, in each city the vendor serves (private.city_vendors), for city_prices; kept by private.serviced_counts and private.city_vendor_keys.';
comment on column private.city_class_rates.week_price is 'What a week costs on the card: its week rate, or 7 day rates.';
comment on column private.city_class_rates.four_week_price is 'What 4 weeks cost on the card: its 4-week rate, or 4 weeks as week_price.';
-- Both take the rental's length now (their new forms are in the next migration).
drop function public.city_prices(text,text,text,text,text);
drop function private.city_class_vendors(bigint,text);
