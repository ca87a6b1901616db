-- A renter's own request, for its private status page: proven by the owner token its
-- browser holds (a wrong one answers as an unknown request). Which vendors it went to, and
-- for each whether the email was sent and whether the vendor has answered.
create or replace function public.lead_status(p_lead_id bigint, p_owner_token text)
returns jsonb language sql stable security definer set search_path = '' as $$
  select jsonb_build_object('id', l.id, 'skid_steer_type', l.skid_steer_type, 'rental_start_date', l.rental_start_date,
    'rental_end_date', l.rental_end_date, 'location', l.location, 'completed_at', l.completed_at, 'withdrawn_at', l.withdrawn_at,
    'recipients', (select coalesce(jsonb_agg(jsonb_build_object(
        'vendor_name', v.name, 'sent', exists (select 1 from public.lead_messages m
                                               where m.lead_id = l.id and m.vendor_id = r.vendor_id and m.status = 'sent'),
        'contacted', r.responded_at is not null) order by r.rank), '[]'::jsonb)
      from public.lead_recipients r join public.vendors v on v.id = r.vendor_id where r.lead_id = l.id))
  from public.leads l
  where l.id = p_lead_id and l.completed
    and l.owner_token_hash = encode(sha256(convert_to(coalesce(p_owner_token, ''), 'UTF8')), 'hex');
$$;

-- Withdraws the renter's own request: messages not yet sent are cancelled.
create or replace function public.withdraw_lead(p_lead_id bigint, p_owner_token text)
returns void language plpgsql security definer set search_path = '' as $$
begin
  if public.lead_status(p_lead_id, p_owner_token) is null then
    raise exception 'Rental request not found' using errcode = 'PT404';
  end if;
  update public.leads l set withdrawn_at = coalesce(l.withdrawn_at, now()), updated_at = now() where l.id = p_lead_id;
  update public.lead_messages m set status = 'failed', last_error = 'withdrawn by the renter', claim_id = null, claimed_until = null
  where m.lead_id = p_lead_id and m.status in ('pending', 'sending');
end;
$$;

revoke execute on function public.lead_status(bigint, text), public.withdraw_lead(bigint, text) from public, anon, authenticated;
grant execute on function public.lead_status(bigint, text), public.withdraw_lead(bigint, text) to service_role;
