-- Records that a number is not to be texted: it replied STOP (p_why 'stopped') or cannot receive
-- texts ('unreachable', with the provider's error code); its texts still queued are failed at once.
create or replace function private.text_number_off(p_phone text, p_why text, p_code text default null)
returns void language plpgsql security definer set search_path = '' as $$
begin
  insert into public.text_numbers as n (phone, stopped_at, unreachable_at, unreachable_code)
  values (p_phone, case when p_why = 'stopped' then now() end, case when p_why = 'unreachable' then now() end,
          case when p_why = 'unreachable' then p_code end)
  on conflict (phone) do update set
    stopped_at = case when p_why = 'stopped' then coalesce(n.stopped_at, now()) else n.stopped_at end,
    unreachable_at = case when p_why = 'unreachable' then coalesce(n.unreachable_at, now()) else n.unreachable_at end,
    unreachable_code = case when p_why = 'unreachable' then p_code else n.unreachable_code end,
    updated_at = now();
  update public.outbox_messages m set status = 'failed', claim_id = null, claimed_until = null,
    last_error = case when p_why = 'stopped' then 'The number replied STOP' else 'The number cannot receive texts' end
  where m.channel = 'sms' and m.recipient = p_phone and m.status = 'pending';
end;
$$;

revoke execute on function private.text_number_off(text,text,text) from public, anon, authenticated;
