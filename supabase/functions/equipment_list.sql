-- Every skid steer model with its manufacturer and figures, for the catalogue.
create or replace function public.equipment_list()
returns jsonb language sql stable set search_path = '' as $$
  select coalesce(jsonb_agg(public.equipment_model_json(m) order by m.name), '[]'::jsonb)
  from public.equipment_models m;
$$;

revoke execute on function public.equipment_list() from public;
grant execute on function public.equipment_list() to anon, authenticated, service_role;
