-- A text's delivery status callback (its signature checked by the server): the status is kept on
-- the message unless a later one was already reported (callbacks may come out of order; a final
-- status is never replaced); a number the provider says cannot receive texts (p_error_code:
-- invalid, not a mobile number, landline, unknown destination; not a phone switched off, 30003,
-- which passes) is recorded as such, and its queued texts are failed. Returns whether the message
-- was known.
create or replace function public.text_status(p_provider_id text, p_status text, p_error_code text default null)
returns boolean language plpgsql security definer set search_path = '' as $$
declare
  ranks constant jsonb := '{"queued": 1, "sending": 2, "sent": 3, "delivered": 4, "undelivered": 4, "failed": 4}';
  m public.outbox_messages;
begin
  if p_status is null or not ranks ? p_status then
    raise exception 'Unknown delivery status' using errcode = 'P0001', hint = 'text-status';
  end if;
  if p_error_code is not null and p_error_code !~ '^[0-9]{1,10}$' then
    raise exception 'Unknown error code' using errcode = 'P0001', hint = 'text-status';
  end if;
  update public.outbox_messages x set delivery_status = p_status, delivery_error = p_error_code
  where x.provider_id = p_provider_id and x.channel = 'sms'
    and coalesce((ranks->>x.delivery_status)::int, 0) < (ranks->>p_status)::int
  returning * into m;
  if m.id is null then
    return exists (select 1 from public.outbox_messages x where x.provider_id = p_provider_id);
  end if;
  if p_error_code in ('21211', '21612', '21614', '30005', '30006') and m.recipient is not null then
    perform private.text_number_off(m.recipient, 'unreachable', p_error_code);
  end if;
  return true;
end;
$$;

revoke execute on function public.text_status(text,text,text) from public, anon, authenticated;
grant execute on function public.text_status(text,text,text) to service_role;
