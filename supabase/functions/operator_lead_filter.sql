-- Completed leads matching the filters (all optional): completed between two dates,
-- the job ZIP's state (slug), a recipient vendor, the job ZIP, the delivery state
-- ('pending', 'sent', 'failed', 'none' for no recipient) and spam ('only', 'include'; left out by default).
create or replace function public.operator_lead_filter(p_filters jsonb)
returns setof bigint language sql stable security definer set search_path = '' as $$
  select l.id from public.leads l
  where l.completed
    and (p_filters->>'from' is null or l.completed_at >= (p_filters->>'from')::date)
    and (p_filters->>'to' is null or l.completed_at < (p_filters->>'to')::date + 1)
    and (p_filters->>'zip' is null or l.location = p_filters->>'zip')
    and (p_filters->>'vendor' is null or exists (
      select 1 from public.lead_recipients r where r.lead_id = l.id and r.vendor_id = (p_filters->>'vendor')::bigint))
    and (p_filters->>'state' is null or exists (
      select 1 from public.postcodes p join public.cities c on c.id = p.city_id join public.states s on s.id = c.state_id
      where p.code = l.location and s.slug = p_filters->>'state'))
    and (case p_filters->>'delivery'
           when 'none' then not exists (select 1 from public.lead_recipients r where r.lead_id = l.id)
           when 'failed' then exists (select 1 from public.outbox_messages m where m.lead_id = l.id and m.status = 'failed')
           when 'pending' then exists (select 1 from public.outbox_messages m where m.lead_id = l.id and m.status in ('pending', 'sending'))
           when 'sent' then exists (select 1 from public.outbox_messages m where m.lead_id = l.id)
                            and not exists (select 1 from public.outbox_messages m where m.lead_id = l.id and m.status <> 'sent')
           else true end)
    and (case p_filters->>'spam' when 'only' then l.spam when 'include' then true else not l.spam end);
$$;

revoke execute on function public.operator_lead_filter(jsonb) from public, anon, authenticated;
