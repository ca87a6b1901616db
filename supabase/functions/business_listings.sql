-- The listings an address manages, each with what the business may edit (its rate card
-- included) and its people.
create or replace function public.business_listings(p_email text)
returns jsonb language sql stable security definer set search_path = '' as $$
  select coalesce(jsonb_agg(public.operator_vendor(m.vendor_id) || jsonb_build_object(
      'role', m.role,
      'leads_paused', (select v.leads_paused_at is not null from public.vendors v where v.id = m.vendor_id),
      'hours', (select v.hours from public.vendors v where v.id = m.vendor_id),
      'rates', public.rate_card_json(m.vendor_id),
      'pending_change', (select c.changes from public.vendor_change_requests c where c.vendor_id = m.vendor_id and c.status = 'new'
                         order by c.id desc limit 1),
      'managers', (select jsonb_agg(jsonb_build_object('email', o.email, 'role', o.role) order by o.role desc, o.email)
                   from public.vendor_managers o where o.vendor_id = m.vendor_id))
    order by m.vendor_id), '[]'::jsonb)
  from public.vendor_managers m where m.email = lower(trim(coalesce(p_email, '')));
$$;

revoke execute on function public.business_listings(text) from public, anon, authenticated;
grant execute on function public.business_listings(text) to service_role;
