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
    raise exception 'No new claim with this id' using errcode = 'PT409', hint = 'reviewed';
  end if;
  if not p_approve and length(trim(coalesce(p_reason, ''))) = 0 then
    raise exception 'Please give a reason for the rejection' using errcode = 'P0001', hint = 'reason-missing';
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

revoke execute on function public.operator_review_claim(bigint,boolean,text,text) from public, anon, authenticated;
grant execute on function public.operator_review_claim(bigint,boolean,text,text) to service_role;
