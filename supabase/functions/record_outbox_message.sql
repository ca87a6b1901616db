-- Records a claimed message's outcome, with the provider's id of a sent text. Failures retry
-- with doubling backoff from 30 s (a text's retry waits out its recipient's quiet hours);
-- after p_max_attempts the message stays failed. A claim that has been taken over records nothing.
create or replace function public.record_outbox_message(p_id bigint, p_claim_id uuid, p_ok boolean, p_sent_via text default null,
                                           p_error text default null, p_max_attempts int default 6,
                                           p_provider_id text default null)
returns boolean language plpgsql security definer set search_path = '' as $$
declare recorded boolean;
begin
  update public.outbox_messages m set
    status = case when p_ok then 'sent' when m.attempts >= p_max_attempts then 'failed' else 'pending' end,
    sent_at = case when p_ok then now() end,
    sent_via = case when p_ok then left(p_sent_via, 50) end,
    last_error = case when p_ok then null else left(p_error, 500) end,
    next_attempt_at = case when m.channel = 'sms' then private.text_send_at(m.text_zone,
                        now() + interval '30 seconds' * power(2, greatest(m.attempts - 1, 0)),
                        (select l.rental_start_date from public.leads l where l.id = m.lead_id))
                      else now() + interval '30 seconds' * power(2, greatest(m.attempts - 1, 0)) end,
    provider_id = case when p_ok then left(p_provider_id, 64) end,
    delivery_status = case when p_ok and p_provider_id is not null then 'queued' end,
    claim_id = null, claimed_until = null
  where m.id = p_id and m.claim_id = p_claim_id and m.status = 'sending'
  returning true into recorded;
  if recorded then
    insert into public.outbox_attempts (message_id, ok, sent_via, error)
    values (p_id, p_ok, case when p_ok then left(p_sent_via, 50) end, case when p_ok then null else left(p_error, 500) end);
  end if;
  return coalesce(recorded, false);
end;
$$;

revoke execute on function public.record_outbox_message(bigint,uuid,boolean,text,text,integer,text) from public, anon, authenticated;
grant execute on function public.record_outbox_message(bigint,uuid,boolean,text,text,integer,text) to service_role;
