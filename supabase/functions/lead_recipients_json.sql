-- A lead's recipients as the operator's pages and reports list them: each vendor, why it
-- was chosen, its status of the lead and, once it answered, how many hours after its email.
create or replace function public.lead_recipients_json(p_lead_id bigint)
returns jsonb language sql stable security definer set search_path = '' as $$
  select coalesce(jsonb_agg(jsonb_build_object('vendor_id', r.vendor_id, 'vendor_name', v.name, 'reason', r.reason,
      'rank', r.rank, 'distance_miles', r.distance_miles, 'status', r.status, 'status_reason', r.status_reason,
      'responded_at', r.responded_at,
      'response_hours', (select round((extract(epoch from r.responded_at - m.sent_at) / 3600)::numeric, 1)
                         from public.lead_messages m
                         where m.lead_id = r.lead_id and m.vendor_id = r.vendor_id and m.channel = 'email' and m.sent_at <= r.responded_at))
    order by r.rank), '[]'::jsonb)
  from public.lead_recipients r join public.vendors v on v.id = r.vendor_id where r.lead_id = p_lead_id;
$$;

-- The operator's JSON report of leads (spam left out), with their recipients and messages.
create or replace function public.operator_leads(p_limit int default 100)
returns table (id bigint, vendor_id bigint, vendor_name text, step smallint, location text,
               name text, phone text, skid_steer_type text, rental_days int,
               rental_start_date date, rental_end_date date, completed boolean, widen boolean,
               created_at timestamptz, completed_at timestamptz, recipients jsonb, messages jsonb)
language sql stable security definer set search_path = '' as $$
  select l.id, l.vendor_id, l.vendor_name, l.step, l.location, l.name, l.phone, l.skid_steer_type,
         l.rental_days, l.rental_start_date, l.rental_end_date, l.completed, l.widen, l.created_at, l.completed_at,
         public.lead_recipients_json(l.id),
         (select coalesce(jsonb_agg(jsonb_build_object('id', m.id, 'vendor_id', m.vendor_id, 'channel', m.channel,
                                                       'status', m.status, 'attempts', m.attempts, 'sent_at', m.sent_at,
                                                       'sent_via', m.sent_via, 'last_error', m.last_error) order by m.id), '[]'::jsonb)
          from public.lead_messages m where m.lead_id = l.id)
  from public.leads l
  where not l.spam
  order by l.id desc
  limit least(greatest(coalesce(p_limit, 100), 1), 5000);
$$;

-- A lead as the console shows it: every field but its secrets, its recipients and its delivery state.
create or replace function public.operator_lead_json(l public.leads)
returns jsonb language sql stable security definer set search_path = '' as $$
  select to_jsonb(l) - 'owner_token_hash' - 'client_key' || jsonb_build_object(
    'recipients', public.lead_recipients_json(l.id),
    'delivery', (select case
                   when count(*) = 0 then 'none'
                   when bool_or(m.status = 'failed') then 'failed'
                   when bool_and(m.status = 'sent') then 'sent'
                   else 'pending' end
                 from public.lead_messages m where m.lead_id = l.id));
$$;

revoke execute on function public.lead_recipients_json(bigint), public.operator_leads(int), public.operator_lead_json(public.leads)
from public, anon, authenticated;
grant execute on function public.operator_leads(int) to service_role;
