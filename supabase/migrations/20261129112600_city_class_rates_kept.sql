-- private.city_class_rates starts from the cards as they are, held still while they are read.
lock table public.vendors, public.rate_cards, public.rate_card_classes, public.vendors_serviced in share mode;
insert into private.city_class_rates (city_id, class, day_rate, vendor_id)
select cv.city_id, k.class, k.day_rate, cv.vendor_id
from private.city_vendors cv
join public.rate_cards r on r.vendor_id = cv.vendor_id and r.published
join public.rate_card_classes k on k.vendor_id = cv.vendor_id
where not cv.hidden;
