-- The city's vendors' keys and rates per class are kept from here on, and written once more from the
-- vendors and their cards as they are now, for what changed since they were first written.
create trigger vendors_city_keys after update on public.vendors
  referencing new table as new_rows for each statement execute function private.city_vendor_keys();
create trigger rate_cards_city_keys_added after insert on public.rate_cards
  referencing new table as new_rows for each statement execute function private.city_vendor_keys();
create trigger rate_cards_city_keys_changed after update on public.rate_cards
  referencing old table as old_rows new table as new_rows for each statement execute function private.city_vendor_keys();
create trigger rate_cards_city_keys_removed after delete on public.rate_cards
  referencing old table as old_rows for each statement execute function private.city_vendor_keys();
create trigger rate_card_classes_city_keys_added after insert on public.rate_card_classes
  referencing new table as new_rows for each statement execute function private.city_vendor_keys();
create trigger rate_card_classes_city_keys_changed after update on public.rate_card_classes
  referencing old table as old_rows new table as new_rows for each statement execute function private.city_vendor_keys();
create trigger rate_card_classes_city_keys_removed after delete on public.rate_card_classes
  referencing old table as old_rows for each statement execute function private.city_vendor_keys();

update private.city_vendors cv
set name = v.name, hidden = v.hidden, review_count = v.review_count,
    responded_at = case when v.response_hours is not null then v.last_responded_at end,
    day_rate = private.published_day_rate(v.id)
from public.vendors v
where v.id = cv.vendor_id;

-- The rates per class likewise.
select private.keep_city_class_rates(array(select distinct cv.vendor_id from private.city_vendors cv));
