-- Operator reports: the completed leads with every field and their delivery state, and
-- the business submissions. Only the service role may read them.

create function public.operator_leads(p_limit int default 100)
returns table (id bigint, vendor_id bigint, vendor_name text, step smallint, location text,
               name text, phone text, skid_steer_type text, rental_days int,
               rental_start_date date, rental_end_date date, completed boolean,
               created_at timestamptz, completed_at timestamptz,
               delivery_attempts int, delivered_at timestamptz, delivery_error text)
language sql stable security definer set search_path = '' as $$
  select l.id, l.vendor_id, l.vendor_name, l.step, l.location, l.name, l.phone, l.skid_steer_type,
         l.rental_days, l.rental_start_date, l.rental_end_date, l.completed, l.created_at,
         l.completed_at, d.attempts, d.delivered_at, d.last_error
  from public.leads l left join public.lead_deliveries d on d.lead_id = l.id
  order by l.id desc
  limit least(greatest(coalesce(p_limit, 100), 1), 5000);
$$;

create function public.operator_submissions(p_limit int default 100)
returns table (id bigint, name text, name_for_emails text, site text, phone text,
               full_address text, street text, city text, postal_code text, state text,
               cid text, created_at timestamptz)
language sql stable security definer set search_path = '' as $$
  select s.id, s.name, s.name_for_emails, s.site, s.phone, s.full_address, s.street, s.city,
         s.postal_code, s.state, s.cid, s.created_at
  from public.vendors_submissions s
  order by s.id desc
  limit least(greatest(coalesce(p_limit, 100), 1), 5000);
$$;

revoke execute on function public.operator_leads(int), public.operator_submissions(int)
  from public, anon, authenticated;
grant execute on function public.operator_leads(int), public.operator_submissions(int) to service_role;
