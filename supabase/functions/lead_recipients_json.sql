-- A lead's recipients as the operator's pages and reports list them: each vendor, why it
-- was chosen, its status of the lead and, once it answered, how many hours after its email.
create or replace function public.lead_recipients_json(p_lead_id bigint)
returns jsonb language sql stable security definer set search_path = '' as $$
  select coalesce(jsonb_agg(jsonb_build_object('vendor_id', r.vendor_id, 'vendor_name', v.name, 'reason', r.reason,
      'rank', r.rank, 'distance_miles', r.distance_miles, 'status', r.status, 'status_reason', r.status_reason,
      'responded_at', r.responded_at,
      'response_hours', (select round((extract(epoch from r.responded_at - m.sent_at) / 3600)::numeric, 1)
                         from public.outbox_messages m
                         where m.lead_id = r.lead_id and m.vendor_id = r.vendor_id and m.channel = 'email' and m.sent_at <= r.responded_at))
    order by r.rank), '[]'::jsonb)
  from public.lead_recipients r join public.vendors v on v.id = r.vendor_id where r.lead_id = p_lead_id;
$$;

revoke execute on function public.lead_recipients_json(bigint) from public, anon, authenticated;
