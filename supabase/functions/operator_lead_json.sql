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
                 from public.outbox_messages m where m.lead_id = l.id));
$$;

revoke execute on function public.operator_lead_json(public.leads) from public, anon, authenticated;
