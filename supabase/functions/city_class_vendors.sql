-- The vendors a city's price comparison for one class and a rental of p_days may show, and how many
-- of the city's listed vendors rent the class on a published card: read from private.city_class_rates.
-- They are the 20 with the lowest rate for the period such a rental is priced mostly by (the day
-- under a week, the week under 4 weeks, else 4 weeks; what the period costs on the card), and any
-- priced the same as the 20th, each with that rate, lowest first. One row, as the planner is told,
-- so a caller joins its vendors' cards by their keys (estimated at 1,000 rows, it read whole tables).
create or replace function private.city_class_vendors(p_city_id bigint, p_class text, p_days int)
returns table (period text, vendor_ids bigint[], rates numeric[], priced int)
language sql stable security definer rows 1 set search_path = '' as $$
  with picked as (
    (select r.vendor_id, r.day_rate as rate from private.city_class_rates r
     where coalesce(p_days, 1) < 7 and r.city_id = p_city_id and r.class = p_class
       and r.day_rate <= coalesce((select x.day_rate from private.city_class_rates x
                                   where x.city_id = p_city_id and x.class = p_class
                                   order by x.day_rate offset 19 limit 1), 'infinity'))
    union all
    (select r.vendor_id, r.week_price from private.city_class_rates r
     where p_days >= 7 and p_days < 28 and r.city_id = p_city_id and r.class = p_class
       and r.week_price <= coalesce((select x.week_price from private.city_class_rates x
                                     where x.city_id = p_city_id and x.class = p_class
                                     order by x.week_price offset 19 limit 1), 'infinity'))
    union all
    (select r.vendor_id, r.four_week_price from private.city_class_rates r
     where p_days >= 28 and r.city_id = p_city_id and r.class = p_class
       and r.four_week_price <= coalesce((select x.four_week_price from private.city_class_rates x
                                          where x.city_id = p_city_id and x.class = p_class
                                          order by x.four_week_price offset 19 limit 1), 'infinity'))
  )
  select case when p_days >= 28 then '4-week' when p_days >= 7 then 'week' else 'day' end,
         array(select p.vendor_id from picked p order by p.rate, p.vendor_id),
         array(select p.rate from picked p order by p.rate, p.vendor_id),
         (select count(*)::int from private.city_class_rates r where r.city_id = p_city_id and r.class = p_class);
$$;
revoke execute on function private.city_class_vendors(bigint,text,int) from public;
grant execute on function private.city_class_vendors(bigint,text,int) to anon, authenticated, service_role;
