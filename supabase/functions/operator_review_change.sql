-- Applies a requested change (checked as the operator's own edits are) or rejects it.
create or replace function public.operator_review_change(p_id bigint, p_approve boolean, p_reason text, p_operator text)
returns void language plpgsql security definer set search_path = '' as $$
declare
  request public.vendor_change_requests;
begin
  select * into request from public.vendor_change_requests c where c.id = p_id and c.status = 'new' for update;
  if request.id is null then
    raise exception 'No new change with this id' using errcode = 'PT409', hint = 'reviewed';
  end if;
  if p_approve then
    perform public.operator_update_vendor(request.vendor_id, request.changes, p_operator);
  end if;
  update public.vendor_change_requests c set status = case when p_approve then 'approved' else 'rejected' end,
    review_reason = nullif(left(trim(coalesce(p_reason, '')), 500), ''), reviewed_by = p_operator, reviewed_at = now()
  where c.id = p_id;
end;
$$;

revoke execute on function public.operator_review_change(bigint,boolean,text,text) from public, anon, authenticated;
grant execute on function public.operator_review_change(bigint,boolean,text,text) to service_role;
