-- Settles a billed rental once no line outside the quote waits for the renter's answer, and keeps
-- its vendor's two public records (private.vendor_rental_records) up to date.
create or replace function private.settle_if_answered(p_lead_id bigint)
returns void language plpgsql security definer set search_path = '' as $$
begin
  if exists (select 1 from public.bill_lines l where l.lead_id = p_lead_id and not l.in_quote and l.answer is null) then
    return;
  end if;
  perform private.lead_move(p_lead_id, 'settle');
  update public.bookings b set settled_at = now() where b.lead_id = p_lead_id;
  perform private.vendor_rental_records((select b.vendor_id from public.bookings b where b.lead_id = p_lead_id));
end;
$$;

revoke execute on function private.settle_if_answered(bigint) from public, anon, authenticated;
