-- The booked vendor adds a line to a picked-up rental's bill before sending it: fuel, damage,
-- cleaning or other, with an amount, a reason and 1 to 8 photos. Its amount is the vendor's, not the
-- quote's: it is marked "not in your quote" (in_quote false) for the renter to accept or dispute. At
-- most 20 lines a bill.
create or replace function public.business_add_bill_line(p_email text, p_vendor_id bigint, p_lead_id bigint, p_kind text, p_label text,
  p_amount_cents bigint, p_reason text, p_photos text[])
returns jsonb language plpgsql security definer set search_path = '' as $$
declare
  booking public.bookings;
  q public.quotes;
  line_label constant text := trim(coalesce(p_label, ''));
  why constant text := trim(coalesce(p_reason, ''));
  added public.bill_lines;
begin
  perform private.booked_vendor(p_email, p_vendor_id, p_lead_id);
  perform private.lead_move(p_lead_id, 'add_line');
  select * into booking from public.bookings b where b.lead_id = p_lead_id;
  select * into q from public.quotes x where x.id = booking.quote_id;
  if p_kind is null or p_kind not in ('fuel', 'damage', 'cleaning', 'other') or length(line_label) not between 1 and 120
     or line_label ~ '[\r\n\u202a-\u202e\u2066-\u2069]' then
    raise exception 'Choose what the line is for and name it' using errcode = 'P0001', hint = 'line-invalid';
  end if;
  if p_amount_cents is null or p_amount_cents <= 0 or p_amount_cents > 10000000 then
    raise exception 'Give an amount from $0.01 to $100,000' using errcode = 'P0001', hint = 'line-amount';
  end if;
  if length(why) = 0 then
    raise exception 'Give the reason for the line' using errcode = 'P0001', hint = 'line-reason';
  end if;
  if length(why) > 500 then
    raise exception 'A field is too long' using errcode = 'P0001', hint = 'too-long';
  end if;
  if coalesce(cardinality(p_photos), 0) < 1 then
    raise exception 'Add at least 1 photo' using errcode = 'P0001', hint = 'photos-missing';
  end if;
  if cardinality(p_photos) > 8 then
    raise exception 'At most 8 photos' using errcode = 'P0001', hint = 'photos-too-many';
  end if;
  if (select count(*) from public.bill_lines l where l.lead_id = p_lead_id) >= 20 then
    raise exception 'A bill has at most 20 lines' using errcode = 'P0001', hint = 'bill-lines';
  end if;
  insert into public.bill_lines (lead_id, position, kind, label, amount_cents, in_quote, reason)
  values (p_lead_id, (select greatest(299, max(l.position)) + 1 from public.bill_lines l where l.lead_id = p_lead_id and l.kind <> 'tax'),
          p_kind, line_label, p_amount_cents,
          false, why)
  returning * into added;
  insert into public.rental_photos (lead_id, record, path, bill_line_id) select p_lead_id, 'bill', x, added.id from unnest(p_photos) x;
  perform private.bill_retotal(p_lead_id);
  return private.rental_of(p_lead_id);
end;
$$;

revoke execute on function public.business_add_bill_line(text,bigint,bigint,text,text,bigint,text,text[]) from public, anon, authenticated;
grant execute on function public.business_add_bill_line(text,bigint,bigint,text,text,bigint,text,text[]) to service_role;
