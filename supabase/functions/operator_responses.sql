-- The console's response rules page: listings by response rate, lowest first (those with at least
-- 5 requests due in 90 days), p_limit at a time after (p_after_rate, p_after_id); and the latest
-- p_limit requests handed on from a vendor, newest first, with from whom, to whom and why.
create or replace function public.operator_responses(p_after_rate int default null, p_after_id bigint default null, p_limit int default 50)
returns jsonb language sql stable security definer set search_path = '' as $$
  with settings as (select least(greatest(coalesce(p_limit, 50), 1), 200) as size),
  ranked as (
    select v.id, v.name, v.response_rate, v.response_rate_count, v.response_hours
    from public.vendors v
    where v.response_rate_count >= 5
      and (p_after_rate is null or (v.response_rate, v.id) > (p_after_rate, coalesce(p_after_id, 0)))
    order by v.response_rate, v.id
    limit (select size from settings) + 1)
  select jsonb_build_object(
    'vendors', coalesce((select jsonb_agg(jsonb_build_object('id', x.id, 'name', x.name, 'rate', x.response_rate,
                          'count', x.response_rate_count, 'hours', x.response_hours) order by x.response_rate, x.id)
                         from (select * from ranked order by response_rate, id limit (select size from settings)) x), '[]'::jsonb),
    'more', (select count(*) from ranked) > (select size from settings),
    'handed', coalesce((select jsonb_agg(jsonb_build_object('lead_id', h.lead_id, 'at', h.handed_at, 'why', h.handed_why,
                          'from', (select f.name from public.vendors f where f.id = h.handed_from),
                          'to', (select t.name from public.vendors t where t.id = h.vendor_id)) order by h.handed_at desc, h.lead_id desc)
                        from (select r.* from public.lead_recipients r where r.handed_at is not null
                              order by r.handed_at desc, r.lead_id desc limit (select size from settings)) h), '[]'::jsonb));
$$;

revoke execute on function public.operator_responses(integer,bigint,integer) from public, anon, authenticated;
grant execute on function public.operator_responses(integer,bigint,integer) to service_role;
