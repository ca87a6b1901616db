-- The /business charts keep each listing's settled weeks, read once (business_activity).
create table private.listing_weeks (
  vendor_id bigint not null references public.vendors (id) on delete cascade,
  week date not null,
  requests int not null,
  quotes int not null,
  won int not null,
  bookings int not null,
  response_hours numeric(7,1),
  city_hours numeric(7,1),
  primary key (vendor_id, week)
);
comment on table private.listing_weeks is 'A listing''s figures for each settled week (Monday, UTC; ended 4 weeks ago, when its quotes are closed), read once by business_activity for its charts on /business and kept 26 weeks; no person''s details.';

-- The listings nearest a ZIP code are ranked from this index without reading their rows.
create index vendors_postcode_rank_idx on public.vendors (postcode_id) include (id, review_count, rating, name) where not hidden;
comment on index public.vendors_postcode_rank_idx is 'The listings shown of each ZIP code with what ranks them, for the listings nearest a ZIP code (vendors_nearest).';
