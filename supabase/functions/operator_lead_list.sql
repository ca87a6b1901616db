-- Leads as the console shows them, in the order of p_ids: every field but their secrets, their
-- recipients and their delivery state, each read for all the leads at once.
create or replace function public.operator_lead_list(p_ids bigint[])
returns jsonb language sql stable security definer set search_path = '' as $$
  with delivery as (
    select m.lead_id, case
             when bool_or(m.status = 'failed') then 'failed'
             when bool_and(m.status = 'sent') then 'sent'
             else 'pending' end as state
    from public.outbox_messages m where m.lead_id = any (p_ids)
    group by m.lead_id
  )
  select coalesce(jsonb_agg(to_jsonb(l) - 'owner_token_hash' - 'client_key' || jsonb_build_object(
           'recipients', coalesce(r.recipients, '[]'::jsonb),
           'delivery', coalesce(d.state, 'none')) order by ids.n), '[]'::jsonb)
  from unnest(p_ids) with ordinality ids(id, n)
  join public.leads l on l.id = ids.id
  left join public.lead_recipient_lists(p_ids) r on r.lead_id = l.id
  left join delivery d on d.lead_id = l.id;
$$;

revoke execute on function public.operator_lead_list(bigint[]) from public, anon, authenticated;
grant execute on function public.operator_lead_list(bigint[]) to service_role;
