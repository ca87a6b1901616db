-- A state's map: its cities with vendors that have coordinates, the 80 with the most vendors
-- (a dot each, sized by the count; the page's list names them all).
create or replace function public.state_map(p_state_slug text)
returns jsonb language sql stable set search_path = '' as $$
  select coalesce(jsonb_agg(jsonb_build_object('slug', x.slug, 'name', x.name, 'count', x.vendor_count,
                                               'lat', x.latitude, 'lng', x.longitude)
                            order by x.vendor_count desc, x.name), '[]'::jsonb)
  from (select c.slug, c.name, c.vendor_count, c.latitude, c.longitude
        from public.states st
        join public.cities c on c.state_id = st.id
        where st.country_id = 1 and st.slug = lower(p_state_slug) and c.vendor_count > 0 and c.latitude is not null
        order by c.vendor_count desc, c.name
        limit 80) x;
$$;

revoke execute on function public.state_map(text) from public;
grant execute on function public.state_map(text) to anon, authenticated, service_role;
