-- The operator's JSON report of leads (spam left out), with their recipients and messages: the
-- p_limit newest (at most 1,000, PostgREST's page) older than request p_older_than, newest first.
-- Callers page by keyset, passing the last id they read.
create or replace function public.operator_leads(p_limit int default 100, p_older_than bigint default null)
returns table (id bigint, vendor_id bigint, vendor_name text, step smallint, location text,
               name text, phone text, skid_steer_type text, rental_days int,
               rental_start_date date, rental_end_date date, completed boolean, widen boolean,
               created_at timestamptz, completed_at timestamptz, recipients jsonb, messages jsonb)
-- Planned once for any arguments, its estimate of the page is large enough to start JIT
-- compilation, which alone takes longer than reading the page.
language sql stable security definer set search_path = '' set jit = off as $$
  with page as (
    select l.* from public.leads l
    where not l.spam and (p_older_than is null or l.id < p_older_than)
    order by l.id desc
    limit least(greatest(coalesce(p_limit, 100), 1), 1000)
  )
  select l.id, l.vendor_id, l.vendor_name, l.step, l.location, l.name, l.phone, l.skid_steer_type,
         l.rental_days, l.rental_start_date, l.rental_end_date, l.completed, l.widen, l.created_at, l.completed_at,
         coalesce(r.recipients, '[]'::jsonb),
         (select coalesce(jsonb_agg(jsonb_build_object('id', m.id, 'vendor_id', m.vendor_id, 'channel', m.channel,
                                                       'status', m.status, 'attempts', m.attempts, 'sent_at', m.sent_at,
                                                       'sent_via', m.sent_via, 'last_error', m.last_error) order by m.id), '[]'::jsonb)
          from public.outbox_messages m where m.lead_id = l.id)
  from page l
  left join public.lead_recipient_lists(array(select p.id from page p)) r on r.lead_id = l.id
  order by l.id desc;
$$;

revoke execute on function public.operator_leads(integer,bigint) from public, anon, authenticated;
grant execute on function public.operator_leads(integer,bigint) to service_role;
