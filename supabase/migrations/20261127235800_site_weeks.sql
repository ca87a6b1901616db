-- The console's charts read the site's weeks from these, kept by the timed round (count_site_weeks):
-- a week is counted once after it ends, and the week in progress again every 10 minutes.
create table private.site_weeks (
  week date primary key,
  requests int not null,
  quotes int not null,
  bookings int not null,
  cancellations int not null,
  responses int not null,
  response_hours numeric(7,1),
  counted_at timestamptz not null default now()
);
comment on table private.site_weeks is 'The site''s figures per week (Monday, UTC), for the console''s charts: requests sent, first quotes, bookings, bookings cancelled, vendors'' first responses and their median hours; counted by count_site_weeks, each week again until it was counted after it ended.';

create table private.site_week_zips (
  week date not null references private.site_weeks (week) on delete cascade,
  postcode_id bigint not null references public.postcodes (id) on delete cascade,
  requests int not null,
  primary key (week, postcode_id)
);
comment on table private.site_week_zips is 'Per week, the job-site ZIP codes of requests that found no vendor, and how many: the console''s map of where to recruit vendors.';
create index site_week_zips_postcode_idx on private.site_week_zips (postcode_id);

create index quotes_created_idx on public.quotes (created_at) where revision = 1;
comment on index public.quotes_created_idx is 'First quotes by when they were sent, for the site''s weeks.';
create index bookings_booked_idx on public.bookings (booked_at);
comment on index public.bookings_booked_idx is 'Bookings by when they were made, for the site''s weeks.';
create index bookings_cancelled_idx on public.bookings (cancelled_at) where cancelled_at is not null;
comment on index public.bookings_cancelled_idx is 'Cancelled bookings by when, for the site''s weeks.';
create index lead_recipients_responded_idx on public.lead_recipients (responded_at) include (emailed_at) where responded_at is not null;
comment on index public.lead_recipients_responded_idx is 'Vendors'' first responses by when, with when the request was emailed, for the site''s weekly response times.';
