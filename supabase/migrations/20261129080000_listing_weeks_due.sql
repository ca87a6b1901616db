-- A listing's first charts view used to read all its settled weeks at once, as many as 21 weeks of
-- a busy listing's requests. Now a view keeps only the newest settled week; older weeks not kept
-- yet are kept by the timed round, one listing's week per call, from this queue.
create table private.listing_weeks_due (
  vendor_id bigint primary key references public.vendors (id) on delete cascade,
  due_at timestamptz not null default now()
);
create index listing_weeks_due_at_idx on private.listing_weeks_due (due_at, vendor_id);
comment on table private.listing_weeks_due is 'Managed listings with settled weeks not kept yet in private.listing_weeks, for the timed round (keep_listing_weeks); added when a listing gets a manager and by a charts view that finds a week missing.';

-- Kept weeks past the charts' 26 are deleted by the week.
create index listing_weeks_week_idx on private.listing_weeks (week);

-- Once a week settles, the round queues every managed listing to keep it, in slices by listing id.
alter table private.site_weeks add column listings_queued_after bigint, add column listings_queued_at timestamptz;
comment on column private.site_weeks.listings_queued_after is 'Once the week has settled (ended 4 weeks ago): the last managed listing queued so far to keep it (keep_listing_weeks).';
comment on column private.site_weeks.listings_queued_at is 'When every managed listing had been queued to keep the week.';
