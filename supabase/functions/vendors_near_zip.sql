-- The vendors a lead for this ZIP goes to: those serving it first, then the nearest within
-- 50 miles; among equally near ones, those that responded to a lead in the last 90 days
-- first, then the better rated. A hidden listing, or a vendor that asked to stop receiving
-- requests, is skipped. (Routing runs as the owner, past RLS.)
-- The cost follows what is near the job site, not the directory's size: the serving vendors
-- come from the ZIP's own index, and the others city by city, nearest first (cities in the
-- box of ±50 miles, by an index on their coordinates), stopping once enough are found.
create or replace function public.vendors_near_zip(p_zip text, p_limit int, p_exclude bigint default null)
returns table (vendor_id bigint, distance_miles double precision, serves boolean)
language plpgsql stable set search_path = '' as $$
declare
  job record;
  ring record;
  wanted int := greatest(coalesce(p_limit, 0), 0);
  found int := 0;
  added int;
begin
  select p.id as postcode_id, c.latitude as lat, c.longitude as lng into job
  from public.postcodes p join public.cities c on c.id = p.city_id
  where p.code = p_zip;
  if job.postcode_id is null or wanted = 0 then
    return;
  end if;

  return query
    select v.id, round(public.distance_miles(job.lat, job.lng, c.latitude, c.longitude)::numeric, 1)::double precision, true
    from public.vendors_serviced s
    join public.vendors v on v.id = s.vendor_id
    join public.postcodes p on p.id = v.postcode_id
    join public.cities c on c.id = p.city_id
    where s.postcode_id = job.postcode_id and v.id is distinct from p_exclude and not v.hidden and v.leads_paused_at is null
    order by 2 nulls last,
      exists (select 1 from public.lead_recipients r where r.vendor_id = v.id and r.responded_at > now() - interval '90 days') desc,
      v.rating desc nulls last, v.id
    limit wanted;
  get diagnostics found = row_count;

  -- Rings of cities at the same distance (to 0.1 mile), nearest first.
  for ring in
    select round(public.distance_miles(job.lat, job.lng, c.latitude, c.longitude)::numeric, 1) as miles, array_agg(c.id) as city_ids
    from public.cities c
    where c.latitude between job.lat - 50 / 69.0 and job.lat + 50 / 69.0
      and c.longitude between job.lng - 50 / (69.0 * greatest(cos(radians(job.lat)), 0.01))
                          and job.lng + 50 / (69.0 * greatest(cos(radians(job.lat)), 0.01))
      and public.distance_miles(job.lat, job.lng, c.latitude, c.longitude) <= 50
    group by 1
    order by 1
  loop
    exit when found >= wanted;
    return query
      select v.id, ring.miles::double precision, false
      from public.postcodes p
      join public.vendors v on v.postcode_id = p.id
      where p.city_id = any (ring.city_ids)
        and v.id is distinct from p_exclude and not v.hidden and v.leads_paused_at is null
        and not exists (select 1 from public.vendors_serviced s where s.vendor_id = v.id and s.postcode_id = job.postcode_id)
      order by exists (select 1 from public.lead_recipients r where r.vendor_id = v.id and r.responded_at > now() - interval '90 days') desc,
        v.rating desc nulls last, v.id
      limit wanted - found;
    get diagnostics added = row_count;
    found := found + added;
  end loop;
end;
$$;

revoke execute on function public.vendors_near_zip(text,integer,bigint) from public, anon, authenticated;
