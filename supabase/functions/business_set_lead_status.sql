-- A business's status of one of its listing's requests; lost and not a fit need a reason.
-- Contacted and quoted are responses: the first one sets the response time shown on the
-- listing's page and sends the renter's invitation to review; the listing's address is returned.
create or replace function public.business_set_lead_status(p_email text, p_vendor_id bigint, p_lead_id bigint, p_status text, p_reason text)
returns jsonb language plpgsql security definer set search_path = '' as $$
begin
  perform public.business_require_manager(p_email, p_vendor_id);
  if p_status is null or p_status not in ('contacted', 'quoted', 'won', 'lost', 'not_a_fit') then
    raise exception 'Unknown status' using errcode = 'P0001', hint = 'status';
  end if;
  if p_status in ('lost', 'not_a_fit') and length(trim(coalesce(p_reason, ''))) = 0 then
    raise exception 'Please give a reason' using errcode = 'P0001', hint = 'reason-missing';
  end if;
  if length(coalesce(p_reason, '')) > 500 then
    raise exception 'A field is too long' using errcode = 'P0001', hint = 'too-long';
  end if;
  if not exists (select 1 from public.lead_recipients r where r.lead_id = p_lead_id and r.vendor_id = p_vendor_id) then
    raise exception 'No such request' using errcode = 'PT404', hint = 'no-request';
  end if;
  perform private.lead_move(p_lead_id, 'set_status');
  update public.lead_recipients r set status = p_status, status_reason = nullif(trim(coalesce(p_reason, '')), ''), status_at = now(),
    responded_at = case when p_status in ('contacted', 'quoted') then coalesce(r.responded_at, now()) else r.responded_at end
  where r.lead_id = p_lead_id and r.vendor_id = p_vendor_id;
  if not found then
    raise exception 'No such request' using errcode = 'PT404', hint = 'no-request';
  end if;
  if p_status in ('contacted', 'quoted') then
    perform public.review_invite_now(p_lead_id);
  end if;
  return public.vendor_address(p_vendor_id);
end;
$$;

revoke execute on function public.business_set_lead_status(text,bigint,bigint,text,text) from public, anon, authenticated;
grant execute on function public.business_set_lead_status(text,bigint,bigint,text,text) to service_role;
