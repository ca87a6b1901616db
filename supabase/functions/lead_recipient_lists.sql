-- Leads' recipients as the operator's pages and reports list them, for many leads at once: for
-- each lead, null when it has none, or each vendor, why it was chosen, its status of the lead and, once it
-- answered, how many hours after its email.
create or replace function public.lead_recipient_lists(p_lead_ids bigint[])
returns table (lead_id bigint, recipients jsonb) language sql stable security definer set search_path = '' as $$
  -- Lead by lead (a lateral read of each one's rows through their index), never a join of every recipient.
  select ids.id, x.list
  from (select distinct u.id from unnest(p_lead_ids) u(id)) ids
  cross join lateral (
    select jsonb_agg(jsonb_build_object('vendor_id', r.vendor_id, 'vendor_name', v.name, 'reason', r.reason,
        'rank', r.rank, 'distance_miles', r.distance_miles, 'status', r.status, 'status_reason', r.status_reason,
        'responded_at', r.responded_at,
        -- From when its email of the request was sent (emailed_at, kept by recipient_emailed_at).
        'response_hours', case when r.emailed_at <= r.responded_at
                            then round((extract(epoch from r.responded_at - r.emailed_at) / 3600)::numeric, 1) end)
      order by r.rank) as list
    from public.lead_recipients r join public.vendors v on v.id = r.vendor_id
    where r.lead_id = ids.id) x;
$$;

revoke execute on function public.lead_recipient_lists(bigint[]) from public, anon, authenticated;
grant execute on function public.lead_recipient_lists(bigint[]) to service_role;
