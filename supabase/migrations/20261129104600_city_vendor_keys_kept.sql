-- The city's vendors' keys are kept from here on, and start from the vendors and rate cards as they
-- are, held still while they are read so that no change made since the triggers began is lost.
create trigger vendors_city_keys after update on public.vendors
  referencing new table as new_rows for each statement execute function private.city_vendor_keys();
create trigger rate_cards_city_keys_added after insert on public.rate_cards
  referencing new table as changed_rows for each statement execute function private.city_vendor_keys();
create trigger rate_cards_city_keys_changed after update on public.rate_cards
  referencing new table as changed_rows for each statement execute function private.city_vendor_keys();
create trigger rate_cards_city_keys_removed after delete on public.rate_cards
  referencing old table as changed_rows for each statement execute function private.city_vendor_keys();
create trigger rate_card_classes_city_keys_added after insert on public.rate_card_classes
  referencing new table as changed_rows for each statement execute function private.city_vendor_keys();
create trigger rate_card_classes_city_keys_changed after update on public.rate_card_classes
  referencing new table as changed_rows for each statement execute function private.city_vendor_keys();
create trigger rate_card_classes_city_keys_removed after delete on public.rate_card_classes
  referencing old table as changed_rows for each statement execute function private.city_vendor_keys();

lock table public.vendors, public.rate_cards, public.rate_card_classes in share mode;
update private.city_vendors cv
set name = v.name, hidden = v.hidden, review_count = v.review_count,
    responded_at = case when v.response_hours is not null then v.last_responded_at end,
    day_rate = private.published_day_rate(v.id)
from public.vendors v
where v.id = cv.vendor_id;
