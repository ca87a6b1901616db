-- Written by npm run db:migration from supabase/functions/ (edit those files, not this one).

-- supabase/functions/vendors_nearest.sql
-- The listings nearest a ZIP code, by the straight-line miles from their yard (the ZIP placed
-- at its city's point), nearest first and at most 100 miles away, p_limit of them (at most 48)
-- as cards with their miles and whether the ZIP is in their service area; null for a ZIP the
-- directory does not know. Cities are taken ring by ring out of the box around the ZIP, by the
-- index on their coordinates, until enough listings are found; a ring's listings are read best
-- first from each of its cities (vendors_city_rank_idx), so a big city costs no more than a small one.
create or replace function public.vendors_nearest(p_zip text, p_limit int default 24)
returns jsonb language plpgsql stable set search_path = '' as $$
declare
  job record;
  wanted int := least(greatest(coalesce(p_limit, 24), 1), 48);
  ids bigint[] := '{}';
  miles numeric[] := '{}';
  ring record;
  found_ids bigint[];
  found_miles numeric[];
begin
  select p.id, p.code, c.name, c.latitude as lat, c.longitude as lng, st.code as state_code, st.slug as state_slug, c.slug as city_slug
  into job
  from public.postcodes p join public.cities c on c.id = p.city_id join public.states st on st.id = c.state_id
  where p.code = p_zip;
  if job.id is null then
    return null;
  end if;
  for ring in
    select round(public.distance_miles(job.lat, job.lng, c.latitude, c.longitude)::numeric, 1) as m, array_agg(c.id) as city_ids
    from public.cities c
    where c.latitude between job.lat - 100 / 69.0 and job.lat + 100 / 69.0
      and c.longitude between job.lng - 100 / (69.0 * greatest(cos(radians(job.lat)), 0.01))
                          and job.lng + 100 / (69.0 * greatest(cos(radians(job.lat)), 0.01))
      -- A city that listed vendors serve, or where a listed vendor's yard is (though none serves it).
      and (c.vendor_count > 0 or exists (select 1 from public.vendors v where v.city_id = c.id and not v.hidden))
      and public.distance_miles(job.lat, job.lng, c.latitude, c.longitude) <= 100
    group by 1
    order by 1
  loop
    exit when coalesce(array_length(ids, 1), 0) >= wanted;
    select array_agg(x.id order by x.review_count desc, x.rating desc nulls last, x.name, x.id), array_agg(ring.m)
    into found_ids, found_miles
    from (select v.id, v.review_count, v.rating, v.name
          from unnest(ring.city_ids) r(city_id)
          cross join lateral (
            select v.id, v.review_count, v.rating, v.name from public.vendors v
            where v.city_id = r.city_id and not v.hidden
            order by v.review_count desc, v.rating desc nulls last, v.name, v.id
            limit wanted - coalesce(array_length(ids, 1), 0)) v
          order by v.review_count desc, v.rating desc nulls last, v.name, v.id
          limit wanted - coalesce(array_length(ids, 1), 0)) x;
    if found_ids is not null then
      ids := ids || found_ids;
      miles := miles || found_miles;
    end if;
  end loop;
  return jsonb_build_object(
    'zip', job.code, 'city_name', job.name, 'state_code', job.state_code, 'state_slug', job.state_slug, 'city_slug', job.city_slug,
    'vendors', coalesce((
      select jsonb_agg(jsonb_build_object('card', public.vendor_card(v), 'miles', u.m,
               'serves', exists (select 1 from public.vendors_serviced s where s.vendor_id = v.id and s.postcode_id = job.id))
             order by u.n)
      from unnest(ids, miles) with ordinality u(id, m, n)
      join public.vendors v on v.id = u.id), '[]'::jsonb));
end;
$$;

revoke execute on function public.vendors_nearest(text,integer) from public;
grant execute on function public.vendors_nearest(text,integer) to anon, authenticated, service_role;
