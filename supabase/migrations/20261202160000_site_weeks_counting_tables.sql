-- A busy week is counted in slices (count_site_weeks), so that no call of the timed round reads a
-- whole week's requests: each slice's figures are added here until the week's end, then they
-- replace the week's row of private.site_weeks and its ZIP codes at once, so the console never
-- shows a week half counted.
create table private.site_week_counting (
  week date primary key,
  counted_to timestamptz not null,
  started_at timestamptz not null,
  prior_counted_at timestamptz,
  requests int not null default 0,
  quotes int not null default 0,
  bookings int not null default 0,
  cancellations int not null default 0
);
comment on table private.site_week_counting is 'While count_site_weeks counts a week in slices: what the slices before counted_to found, since the count started (started_at, which becomes the week''s counted_at), and the week''s counted_at when it did (prior_counted_at: a count is carried on only while that is unchanged). One week at a time.';

create table private.site_week_zip_counting (
  week date not null,
  postcode_id bigint not null,
  requests int not null,
  primary key (week, postcode_id)
);
comment on table private.site_week_zip_counting is 'While count_site_weeks counts a week in slices: the job-site ZIP codes of the requests before counted_to that found no vendor, and how many.';

comment on table private.site_weeks is 'The site''s figures per week (Monday, UTC), for the console''s charts: requests sent, first quotes, bookings, bookings cancelled, vendors'' first responses and their median hours; counted by count_site_weeks, each week again until a count of it began an hour or more after it ended (counted_at).';

-- It takes the slice's size now (supabase/functions/count_site_weeks.sql).
drop function public.count_site_weeks();
