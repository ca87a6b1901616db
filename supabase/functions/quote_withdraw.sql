-- Withdraws a vendor's open quote for a request it received: the renter can no longer book it,
-- its status page says the vendor withdrew it, and the renter is emailed when they gave an address. Refused with a code when there is no open
-- quote to withdraw (none sent, already replaced, closed or booked).
create or replace function private.quote_withdraw(p_vendor_id bigint, p_lead_id bigint)
returns jsonb language plpgsql security definer set search_path = '' as $$
declare
  withdrawn public.quotes;
begin
  if not exists (select 1 from public.lead_recipients r where r.lead_id = p_lead_id and r.vendor_id = p_vendor_id) then
    raise exception 'No such request' using errcode = 'PT404', hint = 'no-request';
  end if;
  perform private.lead_move(p_lead_id, 'withdraw_quote');
  update public.quotes q set status = 'withdrawn', closed_at = now()
  where q.lead_id = p_lead_id and q.vendor_id = p_vendor_id and q.status = 'open'
  returning * into withdrawn;
  if withdrawn.id is null then
    raise exception 'There is no open quote to withdraw' using errcode = 'P0001', hint = 'no-quote';
  end if;
  update public.lead_recipients r set status = 'contacted', status_at = now(), status_reason = null
  where r.lead_id = p_lead_id and r.vendor_id = p_vendor_id and r.status = 'quoted';
  insert into public.outbox_messages (lead_id, vendor_id, channel, kind, recipient, payload, quote_id)
  select l.id, p_vendor_id, 'email', 'quote_withdrawn', l.renter_email, jsonb_build_object('quote_id', withdrawn.id), withdrawn.id
  from public.leads l where l.id = p_lead_id and l.renter_email is not null;
  return to_jsonb(withdrawn);
end;
$$;

revoke execute on function private.quote_withdraw(bigint,bigint) from public, anon, authenticated;
