-- Each city's median response time per week, counted once the week has ended (count_city_weeks),
-- so a listing's charts on /business read its city's figure instead of its neighbours' answers.
create table private.city_weeks (
  city_id bigint not null references public.cities (id) on delete cascade,
  week date not null,
  hours numeric(7,1) not null,
  primary key (city_id, week)
);
create index city_weeks_week_idx on private.city_weeks (week);
comment on table private.city_weeks is 'Per city and ended week (Monday, UTC), the median hours from a request''s email to the first response of the listings whose yard is in the city, where 5 or more of them answered; counted by count_city_weeks, kept 26 weeks; no person''s details.';

alter table private.site_weeks add column cities_counted_at timestamptz;
comment on column private.site_weeks.cities_counted_at is 'When count_city_weeks last counted the week''s cities (null: not yet); a week is counted again until a count was made an hour after it ended.';

-- A week's answering listings' yards, read from this narrow index rather than from their rows.
create index vendors_yard_idx on public.vendors (id) include (postcode_id);
comment on index public.vendors_yard_idx is 'Each listing''s ZIP code, read without its row: the cities of a week''s answering listings (count_city_weeks).';
