-- The rental requests every listing the address manages received, in one call: the newest
-- p_limit of them (50 by default, at most 1,000, the API's page), newest first, each with
-- its listing, every field and the business's own status of it; and whether older ones exist.
create or replace function public.business_leads(p_email text, p_limit int default 50)
returns jsonb language sql stable security definer set search_path = '' as $$
  with managed as (
    select m.vendor_id from public.vendor_managers m where m.email = lower(trim(coalesce(p_email, '')))
  ),
  received as (
    select l.id, l.completed_at, r.vendor_id, jsonb_build_object('id', l.id, 'vendor_id', r.vendor_id, 'name', l.name, 'phone', l.phone,
        'skid_steer_type', l.skid_steer_type, 'rental_start_date', l.rental_start_date, 'rental_end_date', l.rental_end_date,
        'rental_days', l.rental_days, 'location', l.location, 'completed_at', l.completed_at, 'withdrawn_at', l.withdrawn_at,
        'reason', r.reason, 'status', r.status, 'status_reason', r.status_reason, 'status_at', r.status_at) as lead
    from managed m join public.lead_recipients r on r.vendor_id = m.vendor_id join public.leads l on l.id = r.lead_id
    where l.completed and not l.spam
    order by l.completed_at desc, l.id desc, r.vendor_id
    limit least(greatest(coalesce(p_limit, 50), 1), 1000) + 1
  ),
  numbered as (select x.*, row_number() over (order by x.completed_at desc, x.id desc, x.vendor_id) as n from received x)
  select jsonb_build_object(
    'leads', coalesce((select jsonb_agg(x.lead order by x.n) from numbered x where x.n <= least(greatest(coalesce(p_limit, 50), 1), 1000)), '[]'::jsonb),
    'more', (select count(*) from numbered) > least(greatest(coalesce(p_limit, 50), 1), 1000));
$$;

-- A business's status of one of its listing's requests; lost and not a fit need a reason.
-- Contacted and quoted are responses: the first one sets the response time shown on the
-- listing's page, whose address is returned.
create or replace function public.business_set_lead_status(p_email text, p_vendor_id bigint, p_lead_id bigint, p_status text, p_reason text)
returns jsonb language plpgsql security definer set search_path = '' as $$
begin
  perform public.business_require_manager(p_email, p_vendor_id);
  if p_status is null or p_status not in ('contacted', 'quoted', 'won', 'lost', 'not_a_fit') then
    raise exception 'Unknown status' using errcode = 'P0001';
  end if;
  if p_status in ('lost', 'not_a_fit') and length(trim(coalesce(p_reason, ''))) = 0 then
    raise exception 'Please give a reason' using errcode = 'P0001';
  end if;
  if length(coalesce(p_reason, '')) > 500 then
    raise exception 'A field is too long' using errcode = 'P0001';
  end if;
  update public.lead_recipients r set status = p_status, status_reason = nullif(trim(coalesce(p_reason, '')), ''), status_at = now(),
    responded_at = case when p_status in ('contacted', 'quoted') then coalesce(r.responded_at, now()) else r.responded_at end
  where r.lead_id = p_lead_id and r.vendor_id = p_vendor_id;
  if not found then
    raise exception 'No such request' using errcode = 'PT404';
  end if;
  return public.vendor_address(p_vendor_id);
end;
$$;

-- Stops or resumes a listing's rental requests.
create or replace function public.business_set_leads_paused(p_email text, p_vendor_id bigint, p_paused boolean)
returns void language plpgsql security definer set search_path = '' as $$
begin
  perform public.business_require_manager(p_email, p_vendor_id);
  update public.vendors v set leads_paused_at = case when p_paused then coalesce(v.leads_paused_at, now()) end, updated_at = now()
  where v.id = p_vendor_id;
  perform public.audit('business ' || lower(trim(p_email)), case when p_paused then 'pause_leads' else 'resume_leads' end, 'vendor ' || p_vendor_id);
end;
$$;

revoke execute on function public.business_leads(text, integer), public.business_set_lead_status(text, bigint, bigint, text, text),
  public.business_set_leads_paused(text, bigint, boolean)
from public, anon, authenticated;
grant execute on function public.business_leads(text, integer), public.business_set_lead_status(text, bigint, bigint, text, text),
  public.business_set_leads_paused(text, bigint, boolean)
to service_role;
