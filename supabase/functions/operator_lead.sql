-- One rental request for the console: every field, its recipients, its quotes, its booking, the
-- renter's consent record and its messages.
create or replace function public.operator_lead(p_id bigint)
returns jsonb language sql stable security definer set search_path = '' as $$
  select public.operator_lead_list(array[l.id])->0 || jsonb_build_object(
    'quotes', (select coalesce(jsonb_agg(to_jsonb(q) || jsonb_build_object('vendor_name', v.name) order by q.vendor_id, q.revision), '[]'::jsonb)
               from public.quotes q join public.vendors v on v.id = q.vendor_id where q.lead_id = l.id),
    'booking', private.rental_of(l.id),
    'consent', (select to_jsonb(c) from public.lead_consents c where c.lead_id = l.id),
    'messages', (select coalesce(jsonb_agg(to_jsonb(m) - 'claim_id' || jsonb_build_object(
                   'vendor_name', (select v.name from public.vendors v where v.id = m.vendor_id),
                   'attempt_log', (select coalesce(jsonb_agg(to_jsonb(a) order by a.id), '[]'::jsonb)
                                   from public.outbox_attempts a where a.message_id = m.id)) order by m.id), '[]'::jsonb)
                 from public.outbox_messages m where m.lead_id = l.id))
  from public.leads l where l.id = p_id and l.completed;
$$;

revoke execute on function public.operator_lead(bigint) from public, anon, authenticated;
grant execute on function public.operator_lead(bigint) to service_role;
