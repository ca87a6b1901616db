-- Claims waiting for the operator (or decided), newest first, with the listing and the
-- people who manage it now.
create or replace function public.operator_claim_page(p_status text, p_limit int, p_offset int)
returns jsonb language sql stable security definer set search_path = '' as $$
  select jsonb_build_object(
    'total', (select count(*) from public.vendor_claims c where c.status = p_status),
    'rows', coalesce((select jsonb_agg(to_jsonb(c) || jsonb_build_object(
        'vendor', public.vendor_address(c.vendor_id),
        'managers', (select coalesce(jsonb_agg(jsonb_build_object('email', m.email, 'role', m.role) order by m.role desc, m.email), '[]'::jsonb)
                     from public.vendor_managers m where m.vendor_id = c.vendor_id))
      order by c.id desc)
      from (select * from public.vendor_claims x where x.status = p_status order by x.id desc
            offset greatest(coalesce(p_offset, 0), 0) limit least(greatest(coalesce(p_limit, 50), 1), 1000)) c), '[]'::jsonb));
$$;

-- Approves a claim (the claimant owns the listing, or joins it as a colleague when it has
-- an owner already) or rejects it with a reason.
create or replace function public.operator_review_claim(p_id bigint, p_approve boolean, p_reason text, p_operator text)
returns void language plpgsql security definer set search_path = '' as $$
declare
  claim public.vendor_claims;
  owned boolean;
begin
  select * into claim from public.vendor_claims c where c.id = p_id and c.status = 'new' for update;
  if claim.id is null then
    raise exception 'No new claim with this id' using errcode = 'PT409';
  end if;
  if not p_approve and length(trim(coalesce(p_reason, ''))) = 0 then
    raise exception 'Please give a reason for the rejection' using errcode = 'P0001';
  end if;
  if p_approve then
    perform 1 from public.vendors v where v.id = claim.vendor_id for update;
    owned := exists (select 1 from public.vendor_managers m where m.vendor_id = claim.vendor_id and m.role = 'owner');
    insert into public.vendor_managers (vendor_id, email, role, added_by)
    values (claim.vendor_id, claim.email, case when owned then 'colleague' else 'owner' end, p_operator)
    on conflict (vendor_id, email) do nothing;
    update public.vendors v set claimed_at = coalesce(v.claimed_at, now()), updated_at = now() where v.id = claim.vendor_id;
  end if;
  update public.vendor_claims c set status = case when p_approve then 'approved' else 'rejected' end,
    review_reason = nullif(left(trim(coalesce(p_reason, '')), 500), ''), reviewed_by = p_operator, reviewed_at = now()
  where c.id = p_id;
  perform public.audit(p_operator, case when p_approve then 'approve_claim' else 'reject_claim' end, 'vendor ' || claim.vendor_id,
    jsonb_build_object('claim', p_id, 'email', claim.email));
end;
$$;

-- The people who manage a listing, and the operator's revoking of one. A listing whose
-- owner is revoked is no longer claimed.
create or replace function public.operator_vendor_managers(p_vendor_id bigint)
returns jsonb language sql stable security definer set search_path = '' as $$
  select coalesce(jsonb_agg(jsonb_build_object('email', m.email, 'role', m.role, 'added_by', m.added_by, 'created_at', m.created_at)
    order by m.role desc, m.email), '[]'::jsonb)
  from public.vendor_managers m where m.vendor_id = p_vendor_id;
$$;

create or replace function public.operator_revoke_manager(p_vendor_id bigint, p_email text, p_operator text)
returns void language plpgsql security definer set search_path = '' as $$
declare
  revoked public.vendor_managers;
begin
  delete from public.vendor_managers m where m.vendor_id = p_vendor_id and m.email = lower(trim(coalesce(p_email, ''))) returning * into revoked;
  if revoked.email is null then
    raise exception 'No such person on this listing' using errcode = 'PT404';
  end if;
  if revoked.role = 'owner' then
    update public.vendors v set claimed_at = null, updated_at = now() where v.id = p_vendor_id;
  end if;
  perform public.audit(p_operator, 'revoke_manager', 'vendor ' || p_vendor_id, jsonb_build_object('email', revoked.email, 'role', revoked.role));
end;
$$;

-- Businesses' changes of their listings' names and websites waiting for the operator.
create or replace function public.operator_change_requests()
returns jsonb language sql stable security definer set search_path = '' as $$
  select coalesce(jsonb_agg(jsonb_build_object('id', c.id, 'vendor', public.vendor_address(c.vendor_id), 'email', c.email,
      'changes', c.changes, 'created_at', c.created_at,
      'current', (select jsonb_build_object('name', v.name, 'site', v.site) from public.vendors v where v.id = c.vendor_id))
    order by c.id), '[]'::jsonb)
  from public.vendor_change_requests c where c.status = 'new';
$$;

-- Applies a requested change (checked as the operator's own edits are) or rejects it.
create or replace function public.operator_review_change(p_id bigint, p_approve boolean, p_reason text, p_operator text)
returns void language plpgsql security definer set search_path = '' as $$
declare
  request public.vendor_change_requests;
begin
  select * into request from public.vendor_change_requests c where c.id = p_id and c.status = 'new' for update;
  if request.id is null then
    raise exception 'No new change with this id' using errcode = 'PT409';
  end if;
  if p_approve then
    perform public.operator_update_vendor(request.vendor_id, request.changes, p_operator);
  end if;
  update public.vendor_change_requests c set status = case when p_approve then 'approved' else 'rejected' end,
    review_reason = nullif(left(trim(coalesce(p_reason, '')), 500), ''), reviewed_by = p_operator, reviewed_at = now()
  where c.id = p_id;
end;
$$;

-- Listings whose business asked to receive no rental requests, most recent first.
create or replace function public.operator_paused_vendors()
returns jsonb language sql stable security definer set search_path = '' as $$
  select coalesce(jsonb_agg(jsonb_build_object('id', v.id, 'name', v.name, 'paused_at', v.leads_paused_at) order by v.leads_paused_at desc), '[]'::jsonb)
  from public.vendors v where v.leads_paused_at is not null;
$$;

revoke execute on function public.operator_change_requests(), public.operator_review_change(bigint, boolean, text, text), public.operator_paused_vendors(), public.operator_claim_page(text, int, int), public.operator_review_claim(bigint, boolean, text, text),
  public.operator_vendor_managers(bigint), public.operator_revoke_manager(bigint, text, text)
from public, anon, authenticated;
grant execute on function public.operator_change_requests(), public.operator_review_change(bigint, boolean, text, text), public.operator_paused_vendors(), public.operator_claim_page(text, int, int), public.operator_review_claim(bigint, boolean, text, text),
  public.operator_vendor_managers(bigint), public.operator_revoke_manager(bigint, text, text)
to service_role;
