-- The popular models page's models, in their order.
create or replace function public.popular_models()
returns setof public.models_skidsteers language sql stable set search_path = '' as $$
  select * from public.models_skidsteers order by "Model";
$$;

revoke execute on function public.popular_models() from public;
grant execute on function public.popular_models() to anon, authenticated, service_role;
