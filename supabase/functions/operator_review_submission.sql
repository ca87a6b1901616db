-- Marks a new business submission rejected (with a reason) or a duplicate, in the audit log.
create or replace function public.operator_review_submission(p_id bigint, p_status text, p_reason text, p_operator text)
returns void language plpgsql security definer set search_path = '' as $$
begin
  if p_status not in ('rejected', 'duplicate') then
    raise exception 'Unknown review outcome' using errcode = 'P0001', hint = 'unknown-outcome';
  end if;
  if p_status = 'rejected' and length(trim(coalesce(p_reason, ''))) < 3 then
    raise exception 'Please give a reason for the rejection' using errcode = 'P0001', hint = 'reason-missing';
  end if;
  if length(p_reason) > 500 then
    raise exception 'The reason is too long' using errcode = 'P0001', hint = 'too-long';
  end if;
  update public.vendors_submissions s set status = p_status, review_reason = nullif(trim(p_reason), ''),
    reviewed_at = now(), reviewed_by = p_operator
  where s.id = p_id and s.status = 'new';
  if not found then
    raise exception 'No new submission with this id' using errcode = 'PT409', hint = 'reviewed';
  end if;
  perform public.audit(p_operator, case p_status when 'rejected' then 'reject' else 'duplicate' end, 'submission ' || p_id,
                       jsonb_build_object('reason', nullif(trim(p_reason), '')));
end;
$$;

revoke execute on function public.operator_review_submission(bigint,text,text,text) from public, anon, authenticated;
grant execute on function public.operator_review_submission(bigint,text,text,text) to service_role;
