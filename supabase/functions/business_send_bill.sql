-- The booked vendor sends the final bill: the renter is told. A bill whose every line follows from
-- the quote is settled at once; otherwise it waits for the renter's answer to each line that does not.
create or replace function public.business_send_bill(p_email text, p_vendor_id bigint, p_lead_id bigint)
returns jsonb language plpgsql security definer set search_path = '' as $$
begin
  perform private.booked_vendor(p_email, p_vendor_id, p_lead_id);
  perform private.lead_move(p_lead_id, 'send_bill');
  perform private.bill_retotal(p_lead_id);
  update public.bookings b set billed_at = now() where b.lead_id = p_lead_id;
  perform private.settle_if_answered(p_lead_id);
  perform private.tell_renter(p_lead_id, 'bill_ready');
  return private.rental_of(p_lead_id);
end;
$$;

revoke execute on function public.business_send_bill(text,bigint,bigint) from public, anon, authenticated;
grant execute on function public.business_send_bill(text,bigint,bigint) to service_role;
