-- Leads as the console shows them, in the order of p_ids: every field but their secrets, their
-- recipients and their delivery state, read in one call for all the leads.
create or replace function public.operator_lead_list(p_ids bigint[])
returns jsonb language sql stable security definer set search_path = '' as $$
  select coalesce(jsonb_agg(to_jsonb(l) - 'owner_token_hash' - 'client_key' || jsonb_build_object(
           'recipients', coalesce(r.recipients, '[]'::jsonb),
           'delivery', (select case
                          when count(*) = 0 then 'none'
                          when bool_or(m.status = 'failed') then 'failed'
                          when bool_and(m.status = 'sent') then 'sent'
                          else 'pending' end
                        from public.outbox_messages m where m.lead_id = l.id)) order by ids.n), '[]'::jsonb)
  from unnest(p_ids) with ordinality ids(id, n)
  join public.leads l on l.id = ids.id
  left join public.lead_recipient_lists(p_ids) r on r.lead_id = l.id;
$$;

revoke execute on function public.operator_lead_list(bigint[]) from public, anon, authenticated;
grant execute on function public.operator_lead_list(bigint[]) to service_role;
