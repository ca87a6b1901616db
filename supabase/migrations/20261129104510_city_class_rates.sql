-- A city's price comparison for a machine class read every vendor serving the city to find the
-- cheapest that rent it. Each class's day rate of every listed vendor's published card is kept per
-- city it serves, so the comparison reads its first vendors and a count through one index.
create table private.city_class_rates (
  city_id bigint not null references public.cities (id),
  class text not null,
  day_rate numeric(8,2) not null,
  vendor_id bigint not null,
  primary key (city_id, class, vendor_id)
);
create index city_class_rates_rate_idx on private.city_class_rates (city_id, class, day_rate);
create index city_class_rates_vendor_id_idx on private.city_class_rates (vendor_id);
comment on table private.city_class_rates is 'The day rate of each class on each listed vendor''s published rate card, in each city the vendor serves (private.city_vendors), for city_prices; kept by private.serviced_counts and private.city_vendor_keys.';
comment on column private.city_class_rates.vendor_id is 'The vendor (no foreign key: its rows go as it stops serving the city, is hidden, or its card goes, as when it is deleted).';

-- The rates start from the cards as they are (written again once the triggers keep them).
insert into private.city_class_rates (city_id, class, day_rate, vendor_id)
select cv.city_id, k.class, k.day_rate, cv.vendor_id
from private.city_vendors cv
join public.rate_cards r on r.vendor_id = cv.vendor_id and r.published
join public.rate_card_classes k on k.vendor_id = cv.vendor_id
where not cv.hidden;
