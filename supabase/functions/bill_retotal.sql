-- The bill's tax line (the quote's sales tax on every other line) made anew, and the booking's
-- bill total set to the sum of all its lines.
create or replace function private.bill_retotal(p_lead_id bigint)
returns void language sql security definer set search_path = '' as $$
  delete from public.bill_lines l where l.lead_id = p_lead_id and l.kind = 'tax';
  insert into public.bill_lines (lead_id, position, kind, label, amount_cents, in_quote)
  select p_lead_id, 10000, 'tax', format('Sales tax, %s%%', trim(trailing '.' from trim(trailing '0' from q.tax_percent::text))),
         round(s.cents * q.tax_percent / 100), true
  from public.bookings b join public.quotes q on q.id = b.quote_id
  cross join lateral (select coalesce(sum(l.amount_cents), 0) as cents from public.bill_lines l where l.lead_id = p_lead_id) s
  where b.lead_id = p_lead_id and q.tax_percent > 0;
  update public.bookings b set bill_total_cents = (select coalesce(sum(l.amount_cents), 0) from public.bill_lines l where l.lead_id = p_lead_id)
  where b.lead_id = p_lead_id;
$$;

revoke execute on function private.bill_retotal(bigint) from public, anon, authenticated;
