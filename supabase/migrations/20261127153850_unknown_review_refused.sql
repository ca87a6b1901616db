-- Written by npm run db:migration from supabase/functions/ (edit those files, not this one).

-- supabase/functions/business_answer_review.sql
-- The business answers a published review of a listing it manages: its one public reply
-- (set again to edit it), or a report to the operator with a reason, which puts the review
-- in the console's reported queue. Returns the listing's address.
create or replace function public.business_answer_review(p_email text, p_review_id bigint, p_reply text, p_report_reason text)
returns jsonb language plpgsql security definer set search_path = '' as $$
declare
  review public.reviews;
  v_reply text := nullif(trim(coalesce(p_reply, '')), '');
  v_report text := nullif(trim(coalesce(p_report_reason, '')), '');
begin
  select * into review from public.reviews r where r.id = p_review_id and r.status = 'published' for update;
  if review.id is null then
    raise exception 'No such review' using errcode = 'PT404', hint = 'no-review';
  end if;
  perform public.business_require_manager(p_email, review.vendor_id);
  if (v_reply is null) = (v_report is null) then
    raise exception 'Write a reply or a reason' using errcode = 'P0001', hint = 'reason-missing';
  end if;
  if length(coalesce(v_reply, '')) > 2000 or length(coalesce(v_report, '')) > 500 then
    raise exception 'A field is too long' using errcode = 'P0001', hint = 'too-long';
  end if;
  if v_reply is not null then
    update public.reviews r set reply = v_reply, replied_at = now(), updated_at = now() where r.id = p_review_id;
  else
    update public.reviews r set reported_at = now(), report_reason = v_report, updated_at = now() where r.id = p_review_id;
  end if;
  return public.vendor_address(review.vendor_id);
end;
$$;

revoke execute on function public.business_answer_review(text,bigint,text,text) from public, anon, authenticated;
grant execute on function public.business_answer_review(text,bigint,text,text) to service_role;
