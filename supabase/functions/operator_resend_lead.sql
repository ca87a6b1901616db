-- Sends the request again to each vendor whose email finally failed (while it is sent: private.lead_move);
-- a delivered message is never sent twice.
create or replace function public.operator_resend_lead(p_id bigint, p_operator text)
returns int language plpgsql security definer set search_path = '' as $$
declare queued int;
begin
  if not exists (select 1 from public.leads l where l.id = p_id and l.completed and l.state <> 'erased') then
    raise exception 'No such rental request' using errcode = 'PT404', hint = 'no-record';
  end if;
  if exists (select 1 from public.leads l where l.id = p_id and l.spam) then
    raise exception 'This request is marked as spam' using errcode = 'P0001', hint = 'spam';
  end if;
  perform private.lead_move(p_id, 'resend');
  update public.outbox_messages m set status = 'pending', attempts = 0, next_attempt_at = now(),
    claim_id = null, claimed_until = null, last_error = null
  where m.lead_id = p_id and m.kind = 'lead' and m.status = 'failed';
  get diagnostics queued = row_count;
  perform public.audit(p_operator, 'resend', 'lead ' || p_id, jsonb_build_object('messages', queued));
  return queued;
end;
$$;

revoke execute on function public.operator_resend_lead(bigint,text) from public, anon, authenticated;
grant execute on function public.operator_resend_lead(bigint,text) to service_role;
