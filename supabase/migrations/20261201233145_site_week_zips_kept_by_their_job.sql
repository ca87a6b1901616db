-- A week's job-site ZIP codes are written only by count_site_weeks, all of a week's at once, from
-- the week's own requests and the postcodes it joins. Checking each row against the week and the
-- ZIP code's tables took longer than counting the week (a busy week has hundreds of ZIP codes), so
-- the job keeps them itself: it replaces a week's rows when it counts the week and deletes those
-- of weeks past the 26.
alter table private.site_week_zips drop constraint site_week_zips_week_fkey;
alter table private.site_week_zips drop constraint site_week_zips_postcode_id_fkey;
drop index private.site_week_zips_postcode_idx;
comment on table private.site_week_zips is 'Per week, the job-site ZIP codes of requests that found no vendor, and how many: the console''s map of where to recruit vendors. Written and pruned only by count_site_weeks, without keys to private.site_weeks or public.postcodes.';
