-- Business submissions, newest first, for the reporting API.
create or replace function public.operator_submissions(p_limit int default 100)
returns table (id bigint, name text, name_for_emails text, site text, phone text, email text,
               full_address text, street text, city text, postal_code text, state text,
               cid text, created_at timestamptz)
language sql stable security definer set search_path = '' as $$
  select s.id, s.name, s.name_for_emails, s.site, s.phone, s.email, s.full_address, s.street, s.city,
         s.postal_code, s.state, s.cid, s.created_at
  from public.vendors_submissions s
  order by s.id desc
  limit least(greatest(coalesce(p_limit, 100), 1), 5000);
$$;

revoke execute on function public.operator_submissions(integer) from public, anon, authenticated;
grant execute on function public.operator_submissions(integer) to service_role;
