-- The console's charts: the last 26 weeks as count_site_weeks counted them (weeks not counted yet
-- are missing), and the 300 job-site ZIP codes where most requests found no vendor in them, with
-- their city's point.
create or replace function public.operator_activity()
returns jsonb language sql stable security definer set search_path = '' as $$
  select jsonb_build_object(
    'weeks', coalesce((select jsonb_agg(jsonb_build_object('week', s.week, 'requests', s.requests, 'quotes', s.quotes,
                         'bookings', s.bookings, 'cancellations', s.cancellations, 'responses', s.responses,
                         'response_hours', s.response_hours) order by s.week)
                       from private.site_weeks s
                       where s.week > date_trunc('week', now() at time zone 'UTC')::date - 182), '[]'::jsonb),
    'unanswered', coalesce((select jsonb_agg(jsonb_build_object('zip', p.code, 'city_name', c.name, 'state_code', st.code,
                              'lat', c.latitude, 'lng', c.longitude, 'requests', z.requests) order by z.requests desc, p.code)
                            from (select z.postcode_id, sum(z.requests)::int as requests from private.site_week_zips z
                                  where z.week > date_trunc('week', now() at time zone 'UTC')::date - 182
                                  group by 1 order by 2 desc, 1 limit 300) z
                            join public.postcodes p on p.id = z.postcode_id
                            join public.cities c on c.id = p.city_id
                            join public.states st on st.id = c.state_id), '[]'::jsonb));
$$;

revoke execute on function public.operator_activity() from public, anon, authenticated;
grant execute on function public.operator_activity() to service_role;
