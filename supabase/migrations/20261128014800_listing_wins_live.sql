-- A listing's wins are read anew on each view of its charts: a quote may be revised and booked
-- until the rental starts, long after its week is kept.
drop function private.listing_week_figures(bigint,date,date);
alter table private.listing_weeks drop column won;
