-- Publishes a waiting review, or keeps a reported one published (the report is cleared),
-- or rejects either with a reason; audit-logged. A newly published review is emailed to
-- the business (its managers, else the listing's address) with a link to reply. Returns
-- the listing's address, whose pages change.
create or replace function public.operator_moderate_review(p_id bigint, p_publish boolean, p_reason text, p_operator text)
returns jsonb language plpgsql security definer set search_path = '' as $$
declare
  review public.reviews;
  v_reason text := nullif(left(trim(coalesce(p_reason, '')), 500), '');
begin
  select * into review from public.reviews r
  where r.id = p_id and (r.status = 'pending' or (r.status = 'published' and r.reported_at is not null)) for update;
  if review.id is null then
    raise exception 'No waiting or reported review with this id' using errcode = 'PT409', hint = 'reviewed';
  end if;
  if not p_publish and v_reason is null then
    raise exception 'Please give a reason for the rejection' using errcode = 'P0001', hint = 'reason-missing';
  end if;
  update public.reviews r set status = case when p_publish then 'published' else 'rejected' end,
    published_at = case when p_publish then coalesce(r.published_at, now()) end,
    reject_reason = case when p_publish then null else v_reason end,
    reported_at = null, report_reason = null, updated_at = now()
  where r.id = p_id;
  if p_publish and review.status = 'pending' then
    insert into public.outbox_messages (kind, channel, recipient, payload)
    select 'review_published', 'email', a.email, jsonb_build_object('review_id', review.id, 'vendor_id', v.id, 'vendor_name', v.name,
             'stars', review.stars, 'body', review.body, 'author', review.author, 'claimed', a.claimed)
    from public.vendors v
    cross join lateral (select m.email, true as claimed from public.vendor_managers m where m.vendor_id = v.id
                        union all
                        select v.email, false where v.email is not null
                          and not exists (select 1 from public.vendor_managers m where m.vendor_id = v.id)) a
    where v.id = review.vendor_id;
  end if;
  perform public.audit(p_operator, case when not p_publish then 'reject_review' when review.status = 'pending' then 'publish_review'
                                        else 'keep_review' end,
    'vendor ' || review.vendor_id, jsonb_build_object('review', p_id, 'reason', v_reason, 'report', review.report_reason));
  return public.vendor_address(review.vendor_id);
end;
$$;

revoke execute on function public.operator_moderate_review(bigint,boolean,text,text) from public, anon, authenticated;
grant execute on function public.operator_moderate_review(bigint,boolean,text,text) to service_role;
