-- The vendors a city's price comparison for one class and a rental of p_days reads, and how many of
-- the city's listed vendors rent the class on a published card: read from private.city_class_rates.
-- They are the 20 with the lowest rate for each of the two periods such a rental is priced by (under
-- a week the day and the week, under 4 weeks the week and 4 weeks, else 4 weeks and the week; what
-- the period costs on the card), up to 40, whose estimates the page compares. Ties of the 20th are
-- taken by id. One row, as the planner is told, so a caller joins its vendors' cards by their keys
-- (estimated at 1,000 rows, it read whole tables).
create or replace function private.city_class_vendors(p_city_id bigint, p_class text, p_days int)
returns table (periods text[], vendor_ids bigint[], priced int)
language sql stable security definer rows 1 set search_path = '' as $$
  select case when p_days >= 28 then array['4-week', 'week'] when p_days >= 7 then array['week', '4-week'] else array['day', 'week'] end,
         array(
           (select r.vendor_id from private.city_class_rates r
            where coalesce(p_days, 1) < 7 and r.city_id = p_city_id and r.class = p_class
            order by r.day_rate, r.vendor_id limit 20)
           union
           (select r.vendor_id from private.city_class_rates r
            where r.city_id = p_city_id and r.class = p_class
            order by r.week_price, r.vendor_id limit 20)
           union
           (select r.vendor_id from private.city_class_rates r
            where p_days >= 7 and r.city_id = p_city_id and r.class = p_class
            order by r.four_week_price, r.vendor_id limit 20)),
         (select count(*)::int from private.city_class_rates r where r.city_id = p_city_id and r.class = p_class);
$$;
revoke execute on function private.city_class_vendors(bigint,text,int) from public;
grant execute on function private.city_class_vendors(bigint,text,int) to anon, authenticated, service_role;
