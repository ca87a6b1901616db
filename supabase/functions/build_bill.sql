-- Builds a picked-up rental's bill from the locked quote, its confirmed changes and the readings,
-- every line in the quote's terms: the quote's lines; each accepted extension (or, when the rental
-- was called off, one rental line in place of both: the rent up to the off-rent day by the quote's
-- periods, never more than the quote's rental lines and the extensions were); the meter hours over
-- the included hours (the quote's, grown with the days extensions added) at its over-hour rate;
-- then the tax (private.bill_retotal).
create or replace function private.build_bill(p_lead_id bigint)
returns void language plpgsql security definer set search_path = '' as $$
declare
  booking public.bookings;
  q public.quotes;
  used_days int;
  rental_total bigint;
  quoted_days int;
  included numeric;
  over numeric;
begin
  select * into booking from public.bookings b where b.lead_id = p_lead_id;
  select * into q from public.quotes x where x.id = booking.quote_id;
  delete from public.bill_lines l where l.lead_id = p_lead_id;
  insert into public.bill_lines (lead_id, position, kind, label, amount_cents, in_quote)
  select p_lead_id, l.n, 'quote', l.line->>'label', (l.line->>'amount_cents')::bigint, true
  from jsonb_array_elements(q.lines) with ordinality l(line, n)
  where booking.off_rent_at is null or l.line->>'kind' <> 'rental';
  if booking.off_rent_at is not null then
    used_days := greatest(1, (booking.off_rent_at at time zone private.lead_time_zone(p_lead_id))::date - booking.start_date + 1);
    select coalesce(sum((l->>'amount_cents')::bigint), 0)
           + coalesce((select sum(x.price_cents) from public.rental_extensions x where x.lead_id = p_lead_id and x.status = 'accepted'), 0)
    into rental_total
    from jsonb_array_elements(q.lines) l where l->>'kind' = 'rental';
    insert into public.bill_lines (lead_id, position, kind, label, amount_cents, in_quote)
    values (p_lead_id, 0, 'rental', format('Rental, %s day%s (called off, %s)', used_days, case when used_days = 1 then '' else 's' end,
                                          booking.call_off_number),
            least(rental_total, private.rental_price(q.id, used_days)), true);
  end if;
  insert into public.bill_lines (lead_id, position, kind, label, amount_cents, in_quote)
  select p_lead_id, 100 + row_number() over (order by x.asked_at), 'extension',
         format('Extension to %s, %s day%s', x.new_end, x.added_days, case when x.added_days = 1 then '' else 's' end), x.price_cents, true
  from public.rental_extensions x where x.lead_id = p_lead_id and x.status = 'accepted' and booking.off_rent_at is null;
  select coalesce(q.alternate_end - q.alternate_start, l.rental_end_date - l.rental_start_date) + 1 into quoted_days
  from public.leads l where l.id = p_lead_id;
  included := round(q.included_hours * greatest(1, (booking.end_date - booking.start_date + 1)::numeric / greatest(quoted_days, 1)), 1);
  over := booking.pickup_hours - booking.delivery_hours - included;
  if over > 0 and q.over_hour_cents is not null then
    insert into public.bill_lines (lead_id, position, kind, label, amount_cents, in_quote)
    values (p_lead_id, 200, 'over_hours', format('%s meter hours over the %s included', trim_scale(over), trim_scale(included)),
            round(over * q.over_hour_cents), true);
  end if;
  perform private.bill_retotal(p_lead_id);
end;
$$;

revoke execute on function private.build_bill(bigint) from public, anon, authenticated;
