-- One skid steer model with its manufacturer, type and figures, for its page.
create or replace function public.equipment_by_slug(p_model_slug text)
returns jsonb language sql stable set search_path = '' as $$
  select public.equipment_model_json(m) from public.equipment_models m where m.slug = lower(p_model_slug);
$$;

revoke execute on function public.equipment_by_slug(text) from public;
grant execute on function public.equipment_by_slug(text) to anon, authenticated, service_role;
