-- A model as the catalogue and model pages read it.
create or replace function public.equipment_model_json(m public.equipment_models)
returns jsonb language sql stable set search_path = '' as $$
  select to_jsonb(m) - 'manufacturer_id' - 'type_id'
    || jsonb_build_object(
      'equipment_manufacturer', (select jsonb_build_object('id', f.id, 'name', f.name, 'slug', f.slug, 'site', f.site)
                                 from public.equipment_manufacturer f where f.id = m.manufacturer_id),
      'equipment_type', (select jsonb_build_object('id', t.id, 'name', t.name, 'slug', t.slug)
                         from public.equipment_type t where t.id = m.type_id));
$$;

revoke execute on function public.equipment_model_json(public.equipment_models) from public;
grant execute on function public.equipment_model_json(public.equipment_models) to anon, authenticated, service_role;
