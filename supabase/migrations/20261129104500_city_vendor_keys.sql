-- A city's page read every vendor serving the city to rank one page of them. The city's vendors
-- now carry the keys they are ordered by, kept from the vendors and their rate cards, so a page is
-- read from the few vendors that may fall on it, through these indexes.
alter table private.city_vendors
  add column name text not null default '',
  add column hidden boolean not null default false,
  add column review_count int not null default 0,
  add column responded_at timestamptz,
  add column day_rate numeric(8,2);

comment on column private.city_vendors.name is 'The vendor''s name (kept by private.city_vendor_keys).';
comment on column private.city_vendors.hidden is 'Whether the vendor is hidden (kept by private.city_vendor_keys).';
comment on column private.city_vendors.review_count is 'The vendor''s published reviews (kept by private.city_vendor_keys).';
comment on column private.city_vendors.responded_at is 'When the vendor last answered, if it has a response time (kept by private.city_vendor_keys).';
comment on column private.city_vendors.day_rate is 'The lowest day rate of the vendor''s published rate card, or null (kept by private.city_vendor_keys).';

-- The vendors ranked by name alone: no reviews (a recent response time is read from the index).
create index city_vendors_plain_idx on private.city_vendors (city_id, name, vendor_id) include (responded_at, day_rate)
  where not hidden and review_count = 0;
create index city_vendors_reviewed_idx on private.city_vendors (city_id) include (day_rate)
  where not hidden and review_count > 0;
create index city_vendors_responding_idx on private.city_vendors (city_id, responded_at) include (day_rate)
  where not hidden and responded_at is not null;
create index city_vendors_priced_idx on private.city_vendors (city_id, day_rate, vendor_id)
  where not hidden and day_rate is not null;

-- The keys start from the vendors and their cards as they are (written again once the triggers
-- keep them, for what changes in between).
update private.city_vendors cv
set name = v.name, hidden = v.hidden, review_count = v.review_count,
    responded_at = case when v.response_hours is not null then v.last_responded_at end,
    day_rate = (select min(k.day_rate) from public.rate_card_classes k join public.rate_cards r on r.vendor_id = k.vendor_id
                where k.vendor_id = v.id and r.published)
from public.vendors v
where v.id = cv.vendor_id;
