-- The first and last days a rental may start or end: today in the earliest US time zone, to one year ahead.
create or replace function public.rental_date_window(out earliest date, out latest date)
language sql stable set search_path = '' as $$
  -- The earliest US time zone (UTC-10) decides "today", so no visitor's today is refused.
  select ((now() at time zone 'UTC') - interval '10 hours')::date,
         ((now() at time zone 'UTC') + interval '1 year')::date;
$$;

revoke execute on function public.rental_date_window() from public;
grant execute on function public.rental_date_window() to anon, authenticated, service_role;
