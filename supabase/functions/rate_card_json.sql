-- A vendor's rate card as pages and estimates read it, or null: its classes (small,
-- medium, large, track, in that order; only p_class when given, as a price comparison reads one), delivery (null: no delivery), damage waiver (null:
-- not offered), fees, when it was confirmed and whether it is sample data. Runs as the
-- caller, so visitors see only published cards of listed vendors.
create or replace function public.rate_card_json(p_vendor_id bigint, p_class text default null)
returns jsonb language sql stable set search_path = '' as $$
  select jsonb_build_object(
    'classes', coalesce((
      select jsonb_agg(jsonb_build_object('class', k.class, 'day', k.day_rate, 'week', k.week_rate, 'four_week', k.four_week_rate,
               'day_hours', k.day_hours, 'week_hours', k.week_hours, 'four_week_hours', k.four_week_hours)
             order by array_position(array['small', 'medium', 'large', 'track'], k.class))
      from public.rate_card_classes k where k.vendor_id = r.vendor_id and (p_class is null or k.class = p_class)), '[]'::jsonb),
    'delivery', case when r.delivery_fee is not null then
      jsonb_build_object('fee', r.delivery_fee, 'miles', r.delivery_miles, 'per_mile', r.delivery_per_mile) end,
    'waiver_percent', r.waiver_percent,
    'fees', coalesce((
      select jsonb_agg(jsonb_strip_nulls(jsonb_build_object('label', f.label, 'percent', f.percent, 'amount', f.amount)) order by f.position)
      from public.rate_card_fees f where f.vendor_id = r.vendor_id), '[]'::jsonb),
    'confirmed_on', r.confirmed_on, 'sample', r.sample, 'published', r.published)
  from public.rate_cards r where r.vendor_id = p_vendor_id;
$$;

revoke execute on function public.rate_card_json(bigint,text) from public;
grant execute on function public.rate_card_json(bigint,text) to anon, authenticated, service_role;
