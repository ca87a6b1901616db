-- A vendor answered the request: its renter's invitation to review goes out now rather
-- than on the rental's start date.
create or replace function public.review_invite_now(p_lead_id bigint)
returns void language sql set search_path = '' as $$
  update public.outbox_messages m set next_attempt_at = now()
  where m.lead_id = p_lead_id and m.kind = 'review_invite' and m.status = 'pending' and m.next_attempt_at > now();
$$;

revoke execute on function public.review_invite_now(bigint) from public, anon, authenticated;
