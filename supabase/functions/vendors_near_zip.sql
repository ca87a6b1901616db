-- The vendors a lead for this ZIP goes to: those serving it first, then the nearest within
-- 50 miles; among equally near ones, those that responded to a lead in the last 90 days
-- first. A hidden listing, or a vendor that asked to stop receiving requests, is skipped.
-- (Routing runs as the owner, past RLS.)
create or replace function public.vendors_near_zip(p_zip text, p_limit int, p_exclude bigint default null)
returns table (vendor_id bigint, distance_miles double precision, serves boolean)
language sql stable set search_path = '' as $$
  with job as (
    select p.id as postcode_id, c.latitude as lat, c.longitude as lng
    from public.postcodes p join public.cities c on c.id = p.city_id
    where p.code = p_zip
  ),
  candidates as (
    select v.id,
           exists (select 1 from public.vendors_serviced s where s.vendor_id = v.id and s.postcode_id = job.postcode_id) as serves,
           public.distance_miles(job.lat, job.lng, c.latitude, c.longitude) as miles,
           exists (select 1 from public.lead_recipients r where r.vendor_id = v.id and r.responded_at > now() - interval '90 days') as responds,
           v.rating
    from job
    cross join public.vendors v
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
