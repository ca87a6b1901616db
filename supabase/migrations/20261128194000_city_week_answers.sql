-- A busy week's answers are counted by city in slices (count_city_weeks), so no call of the timed
-- round reads a whole week: first copied here with their listing's city, a slice per call, then
-- taken out a slice of cities per call, each city's median counted from them.
create table private.city_week_answers (
  week date not null,
  city_id bigint not null,
  vendor_id bigint not null,
  took interval not null
);
create index city_week_answers_city_idx on private.city_week_answers (week, city_id);
comment on table private.city_week_answers is 'While count_city_weeks counts a week of more answers than one call reads: each answer''s city, listing and time from the request''s email to the first response; each city''s taken out as it is counted; no person''s details.';

alter table private.site_weeks add column cities_staged_to timestamptz;
comment on column private.site_weeks.cities_staged_to is 'While count_city_weeks counts the week in slices: the answers before this time are copied to private.city_week_answers (null: none yet).';

-- It takes the slice's size now (supabase/functions/count_city_weeks.sql).
drop function public.count_city_weeks();
