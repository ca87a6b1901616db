-- The console's rental requests matching its filters, newest first, paged, with the total.
create or replace function public.operator_lead_page(p_filters jsonb, p_limit int, p_offset int)
returns jsonb language sql stable security definer set search_path = '' as $$
  with matching as (select f as id from public.operator_lead_filter(coalesce(p_filters, '{}'::jsonb)) f)
  select jsonb_build_object(
    'total', (select count(*) from matching),
    'rows', coalesce((select jsonb_agg(public.operator_lead_json(l) order by l.completed_at desc, l.id desc) from (
      select l.* from public.leads l join matching m on m.id = l.id
      order by l.completed_at desc, l.id desc
      offset greatest(coalesce(p_offset, 0), 0) limit least(greatest(coalesce(p_limit, 50), 1), 1000)) l), '[]'::jsonb));
$$;

revoke execute on function public.operator_lead_page(jsonb,integer,integer) from public, anon, authenticated;
grant execute on function public.operator_lead_page(jsonb,integer,integer) to service_role;
