-- Whether a week's (Monday, UTC) cities are counted for good: counted an hour or more after the
-- week ended (count_city_weeks), once its last answers have committed; until then a city's median
-- may still change. False for a week never counted.
create or replace function private.week_cities_counted(p_week date, p_counted_at timestamptz)
returns boolean language sql immutable set search_path = '' as $$
  select coalesce(p_counted_at >= (p_week + 7)::timestamp at time zone 'UTC' + interval '1 hour', false);
$$;
revoke execute on function private.week_cities_counted(date,timestamptz) from public, anon, authenticated;
