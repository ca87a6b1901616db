-- The console's audit log, newest first, paged.
create or replace function public.operator_audit_log(p_limit int, p_offset int)
returns jsonb language sql stable security definer set search_path = '' as $$
  select jsonb_build_object(
    'total', (select count(*) from public.operator_audit),
    'rows', coalesce((select jsonb_agg(to_jsonb(a) order by a.at desc, a.id desc) from (
      select * from public.operator_audit order by at desc, id desc
      offset greatest(coalesce(p_offset, 0), 0) limit least(greatest(coalesce(p_limit, 50), 1), 1000)) a), '[]'::jsonb));
$$;

revoke execute on function public.operator_audit_log(integer,integer) from public, anon, authenticated;
grant execute on function public.operator_audit_log(integer,integer) to service_role;
