-- Written by npm run db:migration from supabase/functions/ (edit those files, not this one).

-- supabase/functions/business_leads.sql
-- The rental requests every listing the address manages received, in one call: the newest
-- p_limit of them (50 by default, at most 1,000, the API's page), newest first, each with
-- its listing, every field, the business's own status of it, its latest quote and the request's
-- booking; whether older ones exist; and each listing's win rate over 90 days and response rate. Each listing's requests are read newest first from its own index, so a
-- listing with years of requests costs no more than a new one.
create or replace function public.business_leads(p_email text, p_limit int default 50)
returns jsonb language sql stable security definer set search_path = '' as $$
  with settings as (
    select least(greatest(coalesce(p_limit, 50), 1), 1000) as page_size
  ),
  managed as (
    select m.vendor_id from public.vendor_managers m where m.email = lower(trim(coalesce(p_email, '')))
  ),
  received as (
    select x.* from managed m cross join settings cross join lateral (
      select r.lead_id as id, r.completed_at, r.vendor_id from public.lead_recipients r
      where r.vendor_id = m.vendor_id and r.completed_at is not null and not r.spam
      order by r.completed_at desc, r.lead_id desc
      limit settings.page_size + 1) x
    order by x.completed_at desc, x.id desc, x.vendor_id
    limit (select page_size from settings) + 1
  ),
  numbered as (select x.*, row_number() over (order by x.completed_at desc, x.id desc, x.vendor_id) as n from received x)
  select jsonb_build_object(
    'leads', coalesce((select jsonb_agg(jsonb_build_object('id', l.id, 'vendor_id', r.vendor_id, 'name', l.name, 'phone', l.phone,
        'skid_steer_type', l.skid_steer_type, 'rental_start_date', l.rental_start_date, 'rental_end_date', l.rental_end_date,
        'rental_days', l.rental_days, 'location', l.location, 'completed_at', l.completed_at, 'withdrawn_at', l.withdrawn_at,
        'reason', r.reason, 'status', r.status, 'status_reason', r.status_reason, 'status_at', r.status_at,
        -- When its first response is due, or when its time ran out without one.
        'due_at', r.due_at, 'passed_at', r.passed_at,
        'quote', (select to_jsonb(q) from public.quotes q where q.lead_id = l.id and q.vendor_id = r.vendor_id order by q.revision desc limit 1),
        -- The booked vendor sees the whole rental; the others only that the request is booked.
        'booking', (select case when b.vendor_id = r.vendor_id then private.rental_of(l.id)
                                else jsonb_build_object('vendor_id', b.vendor_id, 'status', b.status) end
                    from public.bookings b where b.lead_id = l.id))
      order by x.n)
      from numbered x join public.leads l on l.id = x.id join public.lead_recipients r on r.lead_id = x.id and r.vendor_id = x.vendor_id
      where x.n <= (select page_size from settings)), '[]'::jsonb),
    'more', (select count(*) from numbered) > (select page_size from settings),
    -- Each listing's requests first quoted in the last 90 days, and how many of them are booked with
    -- it: read from its first quotes' own index, so a busy listing's revisions are not counted again.
    'win_rates', coalesce((select jsonb_agg(jsonb_build_object('vendor_id', m.vendor_id,
        'response_rate', (select v.response_rate from public.vendors v where v.id = m.vendor_id),
        'response_rate_count', (select coalesce(v.response_rate_count, 0) from public.vendors v where v.id = m.vendor_id),
        'quoted', (select count(*) from public.quotes q where q.vendor_id = m.vendor_id and q.revision = 1 and q.created_at > now() - interval '90 days'),
        'booked', (select count(*) from public.bookings b
                   join public.quotes q on q.lead_id = b.lead_id and q.vendor_id = b.vendor_id and q.revision = 1
                   where b.vendor_id = m.vendor_id and b.status = 'booked' and q.created_at > now() - interval '90 days'
                     -- A booking follows its first quote: this bound reads only the last 90 days' bookings.
                     and b.booked_at > now() - interval '90 days')))
      from managed m), '[]'::jsonb));
$$;

revoke execute on function public.business_leads(text,integer) from public, anon, authenticated;
grant execute on function public.business_leads(text,integer) to service_role;
