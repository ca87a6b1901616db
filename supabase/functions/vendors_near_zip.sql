-- The vendors a lead for this ZIP goes to: those serving it first, then the nearest within
-- 50 miles; among equally near ones, those that responded to a lead in the last 90 days
-- first. A hidden listing, or a vendor that asked to stop receiving requests, is skipped.
-- (Routing runs as the owner, past RLS.) Candidates are only the vendors serving the ZIP and
-- those whose city lies in the box of ±50 miles around the job's city (an index on the
-- cities' coordinates), so the cost follows the vendors nearby, not the directory's size.
create or replace function public.vendors_near_zip(p_zip text, p_limit int, p_exclude bigint default null)
returns table (vendor_id bigint, distance_miles double precision, serves boolean)
language sql stable set search_path = '' as $$
  with job as (
    select p.id as postcode_id, c.latitude as lat, c.longitude as lng,
           50 / 69.0 as dlat, 50 / (69.0 * greatest(cos(radians(c.latitude)), 0.01)) as dlng
    from public.postcodes p join public.cities c on c.id = p.city_id
    where p.code = p_zip
  ),
  near_cities as (
    select c.id, c.latitude, c.longitude from public.cities c, job
    where c.latitude between job.lat - job.dlat and job.lat + job.dlat
      and c.longitude between job.lng - job.dlng and job.lng + job.dlng
  ),
  pool as (
    select v.id from public.vendors v
    join public.postcodes p on p.id = v.postcode_id
    join near_cities c on c.id = p.city_id
    union
    select s.vendor_id from public.vendors_serviced s join job on s.postcode_id = job.postcode_id
  ),
  candidates as (
    select v.id,
           exists (select 1 from public.vendors_serviced s where s.vendor_id = v.id and s.postcode_id = job.postcode_id) as serves,
           public.distance_miles(job.lat, job.lng, c.latitude, c.longitude) as miles,
           exists (select 1 from public.lead_recipients r where r.vendor_id = v.id and r.responded_at > now() - interval '90 days') as responds,
           v.rating
    from job
    cross join pool
    join public.vendors v on v.id = pool.id
    join public.postcodes p on p.id = v.postcode_id
    join public.cities c on c.id = p.city_id
    where v.id is distinct from p_exclude and not v.hidden and v.leads_paused_at is null
  )
  select id, round(miles::numeric, 1)::double precision, serves from candidates
  where serves or miles <= 50
  order by serves desc, round(miles::numeric, 1) nulls last, responds desc, rating desc nulls last, id
  limit greatest(coalesce(p_limit, 0), 0);
$$;

revoke execute on function public.vendors_near_zip(text, int, bigint) from public, anon, authenticated;
