-- A renter's own request, for its private status page: proven by the owner token its
-- browser holds, or by the status link emailed with the renter's copy (the hash of its
-- token, while it lasts). A wrong proof answers as an unknown request. Which vendors it
-- went to, and for each whether the email was sent and whether the vendor has answered.
create or replace function public.lead_status(p_lead_id bigint, p_owner_token text, p_link_hash text default null)
returns jsonb language sql stable security definer set search_path = '' as $$
  select jsonb_build_object('id', l.id, 'skid_steer_type', l.skid_steer_type, 'rental_start_date', l.rental_start_date,
    'rental_end_date', l.rental_end_date, 'rental_days', l.rental_days, 'location', l.location, 'completed_at', l.completed_at,
    'withdrawn_at', l.withdrawn_at,
    'recipients', (select coalesce(jsonb_agg(jsonb_build_object(
        'vendor_name', v.name, 'phone', v.phone, 'sent', exists (select 1 from public.lead_messages m
                                               where m.lead_id = l.id and m.vendor_id = r.vendor_id and m.status = 'sent'),
        'contacted', r.responded_at is not null) order by r.rank), '[]'::jsonb)
      from public.lead_recipients r join public.vendors v on v.id = r.vendor_id where r.lead_id = l.id))
  from public.leads l
  where l.id = p_lead_id and l.completed
    and (l.owner_token_hash = encode(sha256(convert_to(coalesce(p_owner_token, ''), 'UTF8')), 'hex')
         or exists (select 1 from public.auth_links a where a.token_hash = p_link_hash and a.purpose = 'lead_status'
                    and a.lead_id = l.id and a.expires_at > now()));
$$;

-- Withdraws the renter's own request (proven as for lead_status): the vendors' messages not
-- yet sent are cancelled.
create or replace function public.withdraw_lead(p_lead_id bigint, p_owner_token text, p_link_hash text default null)
returns void language plpgsql security definer set search_path = '' as $$
begin
  if public.lead_status(p_lead_id, p_owner_token, p_link_hash) is null then
    raise exception 'Rental request not found' using errcode = 'PT404';
  end if;
  update public.leads l set withdrawn_at = coalesce(l.withdrawn_at, now()), updated_at = now() where l.id = p_lead_id;
  update public.lead_messages m set status = 'failed', last_error = 'withdrawn by the renter', claim_id = null, claimed_until = null
  where m.lead_id = p_lead_id and m.kind = 'lead' and m.status in ('pending', 'sending');
end;
$$;

-- The requests this browser sent (its owner token), newest first, at most 50: each with how
-- many vendors received it and how many have contacted the renter.
create or replace function public.renter_requests(p_owner_token text)
returns jsonb language sql stable security definer set search_path = '' as $$
  select coalesce(jsonb_agg(jsonb_build_object('id', l.id, 'skid_steer_type', l.skid_steer_type,
      'rental_start_date', l.rental_start_date, 'rental_end_date', l.rental_end_date, 'location', l.location,
      'completed_at', l.completed_at, 'withdrawn_at', l.withdrawn_at,
      'recipients', (select count(*) from public.lead_recipients r where r.lead_id = l.id),
      'contacted', (select count(*) from public.lead_recipients r where r.lead_id = l.id and r.responded_at is not null))
    order by l.completed_at desc, l.id desc), '[]'::jsonb)
  from (select * from public.leads x
        where p_owner_token is not null and x.completed
          and x.owner_token_hash = encode(sha256(convert_to(p_owner_token, 'UTF8')), 'hex')
        order by x.completed_at desc, x.id desc limit 50) l;
$$;

-- Stores the hash of the status link that the renter's copy of a request carries, minted
-- when the email is rendered: it opens that request's status page for 90 days.
create or replace function public.renter_status_link(p_lead_id bigint, p_token_hash text)
returns void language plpgsql security definer set search_path = '' as $$
declare
  v_email text;
begin
  select l.renter_email into v_email from public.leads l where l.id = p_lead_id and l.completed and l.renter_email is not null;
  if v_email is null then
    raise exception 'No such request' using errcode = 'PT404';
  end if;
  insert into public.auth_links (token_hash, purpose, email, lead_id, expires_at)
  values (p_token_hash, 'lead_status', v_email, p_lead_id, now() + interval '90 days');
end;
$$;

revoke execute on function public.lead_status(bigint, text, text), public.withdraw_lead(bigint, text, text),
  public.renter_requests(text), public.renter_status_link(bigint, text) from public, anon, authenticated;
grant execute on function public.lead_status(bigint, text, text), public.withdraw_lead(bigint, text, text),
  public.renter_requests(text), public.renter_status_link(bigint, text) to service_role;
