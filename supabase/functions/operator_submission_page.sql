-- The console's business submissions with one status, newest first, paged, with the total.
create or replace function public.operator_submission_page(p_status text, p_limit int, p_offset int)
returns jsonb language sql stable security definer set search_path = '' as $$
  with matching as (select s.* from public.vendors_submissions s where s.status = coalesce(p_status, 'new'))
  select jsonb_build_object(
    'total', (select count(*) from matching),
    'rows', coalesce((select jsonb_agg(to_jsonb(s) - 'client_key' || jsonb_build_object(
        'city_name', (select c.name from public.cities c join public.states st on st.id = c.state_id where st.slug = s.state and c.slug = s.city),
        'state_code', (select st.code from public.states st where st.slug = s.state),
        'duplicate_vendors', (select coalesce(jsonb_agg(jsonb_build_object('id', v.id, 'name', v.name) order by v.id), '[]'::jsonb)
                              from public.vendors v where v.website_key = s.website_key),
        'duplicate_submissions', (select coalesce(jsonb_agg(o.id order by o.id), '[]'::jsonb)
                                  from public.vendors_submissions o where o.website_key = s.website_key and o.id <> s.id))
      order by s.id desc) from (select * from matching order by id desc
        offset greatest(coalesce(p_offset, 0), 0) limit least(greatest(coalesce(p_limit, 50), 1), 1000)) s), '[]'::jsonb));
$$;

revoke execute on function public.operator_submission_page(text,integer,integer) from public, anon, authenticated;
grant execute on function public.operator_submission_page(text,integer,integer) to service_role;
