-- The vendors a city's price comparison for one class may show (the 20 with the lowest day rate,
-- and any priced the same as the 20th), and how many of the city's listed vendors rent the class
-- on a published card: read from private.city_class_rates. One row, as the planner is told, so a
-- caller joins its vendors' cards by their keys (estimated at 1,000 rows, it read whole tables).
create or replace function private.city_class_vendors(p_city_id bigint, p_class text)
returns table (vendor_ids bigint[], priced int)
language sql stable security definer rows 1 set search_path = '' as $$
  select array(
           select r.vendor_id from private.city_class_rates r
           where r.city_id = p_city_id and r.class = p_class
             and r.day_rate <= coalesce((select x.day_rate from private.city_class_rates x
                                         where x.city_id = p_city_id and x.class = p_class
                                         order by x.day_rate offset 19 limit 1), 'infinity')),
         (select count(*)::int from private.city_class_rates r where r.city_id = p_city_id and r.class = p_class);
$$;
revoke execute on function private.city_class_vendors(bigint,text) from public;
grant execute on function private.city_class_vendors(bigint,text) to anon, authenticated, service_role;
