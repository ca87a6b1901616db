-- Marks a lead spam (while it is sent or withdrawn, never booked: private.lead_move), or not: spam
-- leaves reports and counts, and its unsent messages are not sent.
create or replace function public.operator_mark_spam(p_id bigint, p_spam boolean, p_operator text)
returns void language plpgsql security definer set search_path = '' as $$
begin
  if not exists (select 1 from public.leads l where l.id = p_id and l.completed and l.state <> 'erased') then
    raise exception 'No such rental request' using errcode = 'PT404', hint = 'no-record';
  end if;
  if p_spam then
    perform private.lead_move(p_id, 'mark_spam');
  end if;
  update public.leads l set spam = p_spam where l.id = p_id;
  if p_spam then
    update public.outbox_messages m set status = 'failed', last_error = 'marked as spam', claim_id = null, claimed_until = null
    where m.lead_id = p_id and m.status in ('pending', 'sending');
  end if;
  perform public.audit(p_operator, case when p_spam then 'spam' else 'not_spam' end, 'lead ' || p_id);
end;
$$;

revoke execute on function public.operator_mark_spam(bigint,boolean,text) from public, anon, authenticated;
grant execute on function public.operator_mark_spam(bigint,boolean,text) to service_role;
