-- The vendors the renter of a request may review now and has not reviewed yet, in the
-- order the request went to them, for the invitation email.
create or replace function public.review_invitation(p_lead_id bigint)
returns jsonb language sql stable security definer set search_path = '' as $$
  select coalesce(jsonb_agg(v.name order by r.rank), '[]'::jsonb)
  from public.lead_recipients r join public.vendors v on v.id = r.vendor_id
  where r.lead_id = p_lead_id and public.review_refusal(p_lead_id, r.vendor_id) is null
    and not exists (select 1 from public.reviews w where w.lead_id = p_lead_id and w.vendor_id = r.vendor_id);
$$;

revoke execute on function public.review_invitation(bigint) from public, anon, authenticated;
grant execute on function public.review_invitation(bigint) to service_role;
