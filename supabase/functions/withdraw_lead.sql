-- Withdraws the renter's own request (proven as renter_owns_lead proves it) while it is sent and not
-- booked (a booking is cancelled instead, which tells its vendor); withdrawing twice changes nothing.
-- The vendors' messages not yet sent are cancelled (emails and texts), their open quotes closed, the
-- renter's news of vendors not available or of the request handed on (a text may wait for the
-- morning), and the invitation to review when no vendor has answered.
create or replace function public.withdraw_lead(p_lead_id bigint, p_owner_token text, p_link_hash text default null)
returns void language plpgsql security definer set search_path = '' as $$
begin
  if not private.renter_owns_lead(p_lead_id, p_owner_token, p_link_hash) then
    raise exception 'Rental request not found' using errcode = 'PT404', hint = 'no-request';
  end if;
  perform private.lead_move(p_lead_id, 'withdraw');
  update public.leads l set withdrawn_at = coalesce(l.withdrawn_at, now()), updated_at = now() where l.id = p_lead_id;
  update public.quotes q set status = 'closed', closed_at = now() where q.lead_id = p_lead_id and q.status = 'open';
  update public.outbox_messages m set status = 'failed', last_error = 'withdrawn by the renter', claim_id = null, claimed_until = null
  where m.lead_id = p_lead_id and m.status in ('pending', 'sending')
    and (m.kind in ('lead', 'passed_on', 'unavailable') or (m.kind = 'review_invite' and not exists (
           select 1 from public.lead_recipients r where r.lead_id = p_lead_id and r.responded_at is not null)));
end;
$$;

revoke execute on function public.withdraw_lead(bigint,text,text) from public, anon, authenticated;
grant execute on function public.withdraw_lead(bigint,text,text) to service_role;
