-- A business's status of one of its listing's requests; lost and not a fit need a reason.
-- Contacted and quoted are responses: the first one sets the response time shown on the
-- listing's page and sends the renter's invitation to review. "Not available for these dates"
-- (unavailable, with one of the reasons the renter is shown: dates_taken, no_machine, too_far) is
-- a response too, given once, while the request is waiting and the vendor has no open quote: the
-- renter is told, and the request is handed on to the next vendor (private.hand_on). A response
-- ends the wait for the vendor's first one (due_at); lost and not a fit do not. The listing's
-- address is returned.
create or replace function public.business_set_lead_status(p_email text, p_vendor_id bigint, p_lead_id bigint, p_status text, p_reason text)
returns jsonb language plpgsql security definer set search_path = '' as $$
begin
  perform public.business_require_manager(p_email, p_vendor_id);
  if p_status is null or p_status not in ('contacted', 'quoted', 'won', 'lost', 'not_a_fit', 'unavailable') then
    raise exception 'Unknown status' using errcode = 'P0001', hint = 'status';
  end if;
  if p_status in ('lost', 'not_a_fit') and length(trim(coalesce(p_reason, ''))) = 0 then
    raise exception 'Please give a reason' using errcode = 'P0001', hint = 'reason-missing';
  end if;
  if p_status = 'unavailable' and coalesce(p_reason, '') not in ('dates_taken', 'no_machine', 'too_far') then
    raise exception 'Please choose why' using errcode = 'P0001', hint = 'reason-missing';
  end if;
  if length(coalesce(p_reason, '')) > 500 then
    raise exception 'A field is too long' using errcode = 'P0001', hint = 'too-long';
  end if;
  if not exists (select 1 from public.lead_recipients r where r.lead_id = p_lead_id and r.vendor_id = p_vendor_id) then
    raise exception 'No such request' using errcode = 'PT404', hint = 'no-request';
  end if;
  perform private.lead_move(p_lead_id, case when p_status = 'unavailable' then 'decline' else 'set_status' end);
  if p_status = 'unavailable' and (
       exists (select 1 from public.lead_recipients r where r.lead_id = p_lead_id and r.vendor_id = p_vendor_id
               and (r.status in ('quoted', 'won') or r.declined_at is not null))
       or exists (select 1 from public.quotes q where q.lead_id = p_lead_id and q.vendor_id = p_vendor_id and q.status = 'open')) then
    raise exception 'The request was already answered with a quote or as not available' using errcode = 'P0001', hint = 'already-answered';
  end if;
  update public.lead_recipients r set status = p_status, status_reason = nullif(trim(coalesce(p_reason, '')), ''), status_at = now(),
    responded_at = case when p_status in ('contacted', 'quoted', 'unavailable') then coalesce(r.responded_at, now()) else r.responded_at end,
    due_at = case when p_status in ('contacted', 'quoted', 'unavailable') then null else r.due_at end,
    declined_at = case when p_status = 'unavailable' then now() else r.declined_at end
  where r.lead_id = p_lead_id and r.vendor_id = p_vendor_id;
  if not found then
    raise exception 'No such request' using errcode = 'PT404', hint = 'no-request';
  end if;
  if p_status in ('contacted', 'quoted') then
    perform public.review_invite_now(p_lead_id);
  end if;
  if p_status = 'unavailable' then
    insert into public.outbox_messages (lead_id, vendor_id, channel, kind, recipient, payload)
    select l.id, p_vendor_id, 'email', 'unavailable', l.renter_email, jsonb_build_object('reason', p_reason)
    from public.leads l where l.id = p_lead_id and l.renter_email is not null
    on conflict do nothing;
    perform private.queue_text(p_lead_id, 'unavailable', p_vendor_id, false, jsonb_build_object('reason', p_reason));
    perform private.hand_on(p_lead_id, p_vendor_id, 'unavailable');
  end if;
  return public.vendor_address(p_vendor_id);
end;
$$;

revoke execute on function public.business_set_lead_status(text,bigint,bigint,text,text) from public, anon, authenticated;
grant execute on function public.business_set_lead_status(text,bigint,bigint,text,text) to service_role;
