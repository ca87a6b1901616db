-- Saves a vendor's quote for a request it received, replacing its open one (a revision), and
-- returns it. The total is the database's (private.quote_totals, which lib/quotes/money.ts agrees
-- with), and a quote whose stated total differs is refused; so is a control character in its text,
-- or other dates past a year from today.
-- Refused alike with a code: a request the vendor did not receive, withdrawn, already booked or
-- whose rental has started; a negative or malformed amount; a validity past 14 days or past the
-- rental's start; alternate dates out of order. A quote is a response: the first one sets the
-- response time and sends the renter's invitation to review. The renter is emailed each one.
create or replace function private.quote_save(p_vendor_id bigint, p_lead_id bigint, p_quote jsonb)
returns jsonb language plpgsql security definer set search_path = '' as $$
declare
  l public.leads;
  q constant jsonb := coalesce(p_quote, '{}'::jsonb);
  line jsonb;
  lines jsonb := '[]'::jsonb;
  quantity numeric;
  unit bigint;
  totals jsonb;
  valid timestamptz;
  previous public.quotes;
  saved public.quotes;
begin
  if not exists (select 1 from public.lead_recipients r where r.lead_id = p_lead_id and r.vendor_id = p_vendor_id and not r.spam) then
    raise exception 'No such request' using errcode = 'PT404', hint = 'no-request';
  end if;
  l := private.lead_move(p_lead_id, 'quote');
  if l.rental_start_date <= current_date then
    raise exception 'The rental has started' using errcode = 'P0001', hint = 'rental-started';
  end if;
  if jsonb_typeof(q->'lines') is distinct from 'array' or jsonb_array_length(q->'lines') not between 1 and 8 then
    raise exception 'A quote needs between 1 and 8 lines' using errcode = 'P0001', hint = 'quote-lines';
  end if;
  for line in select * from jsonb_array_elements(q->'lines') loop
    if coalesce(line->>'kind', '') not in ('rental', 'delivery', 'pickup', 'waiver', 'hours', 'fuel', 'fee')
       or length(trim(coalesce(line->>'label', ''))) not between 1 and 80 or (line->>'label') ~ '[\x01-\x1f\x7f-\x9f]'
       or jsonb_typeof(line->'quantity') is distinct from 'number' or jsonb_typeof(line->'unit_cents') is distinct from 'number' then
      raise exception 'A line is incomplete' using errcode = 'P0001', hint = 'quote-lines';
    end if;
    quantity := (line->>'quantity')::numeric;
    unit := (line->>'unit_cents')::numeric;
    if quantity < 0 or unit < 0 then
      raise exception 'Amounts cannot be negative' using errcode = 'P0001', hint = 'negative-amount';
    end if;
    if quantity = 0 or quantity > 1000 or scale(quantity) > 2 or unit > 10000000 or (line->>'unit_cents')::numeric <> unit then
      raise exception 'A line is out of range' using errcode = 'P0001', hint = 'quote-lines';
    end if;
    lines := lines || jsonb_build_object('kind', line->>'kind', 'label', trim(line->>'label'), 'quantity', quantity, 'unit_cents', unit);
  end loop;
  if coalesce((q->>'tax_percent')::numeric, 0) not between 0 and 20 or scale((q->>'tax_percent')::numeric) > 3 then
    raise exception 'Sales tax must be between 0 and 20 percent' using errcode = 'P0001', hint = 'quote-tax';
  end if;
  totals := private.quote_totals(lines, (q->>'tax_percent')::numeric);
  select coalesce(jsonb_agg(x.line || jsonb_build_object('amount_cents', totals->'amounts'->(x.n::int - 1)) order by x.n), '[]'::jsonb)
  into lines from jsonb_array_elements(lines) with ordinality x (line, n);
  if (q->>'total_cents')::bigint is distinct from (totals->>'total_cents')::bigint then
    raise exception 'The total does not match the lines' using errcode = 'P0001', hint = 'total-mismatch';
  end if;
  if (q->>'message') ~ '[\x01-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]' or (q->>'model') ~ '[\x01-\x1f\x7f-\x9f]' then
    raise exception 'A field of the quote holds a control character' using errcode = 'P0001', hint = 'quote-invalid';
  end if;
  valid := coalesce((q->>'valid_until')::timestamptz, least(now() + interval '3 days', l.rental_start_date::timestamptz));
  if valid <= now() or valid > now() + interval '14 days' or valid > l.rental_start_date::timestamptz then
    raise exception 'A quote is valid for at most 14 days, and not past the rental''s start' using errcode = 'P0001', hint = 'quote-window';
  end if;
  if not coalesce((q->>'available')::boolean, true)
     and ((q->>'alternate_start')::date is null or (q->>'alternate_end')::date is null
          or (q->>'alternate_end')::date < (q->>'alternate_start')::date or (q->>'alternate_start')::date <= current_date
          or (q->>'alternate_end')::date > (current_date + interval '1 year')::date) then
    raise exception 'Give the dates the machine is available instead' using errcode = 'P0001', hint = 'quote-dates';
  end if;

  update public.quotes x set status = 'replaced', closed_at = now()
  where x.lead_id = l.id and x.vendor_id = p_vendor_id and x.status = 'open'
  returning * into previous;
  insert into public.quotes (lead_id, vendor_id, revision, machine_class, model, available, alternate_start, alternate_end, lines,
                             included_hours, over_hour_cents, fuel_policy, tax_percent, subtotal_cents, tax_cents, total_cents,
                             message, valid_until)
  values (l.id, p_vendor_id,
          coalesce((select max(x.revision) from public.quotes x where x.lead_id = l.id and x.vendor_id = p_vendor_id), 0) + 1,
          q->>'machine_class', nullif(trim(coalesce(q->>'model', '')), ''), coalesce((q->>'available')::boolean, true),
          case when not coalesce((q->>'available')::boolean, true) then (q->>'alternate_start')::date end,
          case when not coalesce((q->>'available')::boolean, true) then (q->>'alternate_end')::date end,
          lines, (q->>'included_hours')::int, (q->>'over_hour_cents')::int, q->>'fuel_policy',
          (q->>'tax_percent')::numeric, (totals->>'subtotal_cents')::bigint, (totals->>'tax_cents')::bigint,
          (totals->>'total_cents')::bigint, nullif(trim(coalesce(q->>'message', '')), ''), valid)
  returning * into saved;

  update public.lead_recipients r set status = 'quoted', status_at = now(), status_reason = null,
    responded_at = coalesce(r.responded_at, now()), due_at = null
  where r.lead_id = l.id and r.vendor_id = p_vendor_id;
  perform public.review_invite_now(l.id);
  if l.renter_email is not null then
    insert into public.outbox_messages (lead_id, vendor_id, channel, kind, recipient, payload, quote_id)
    values (l.id, p_vendor_id, 'email', 'quote', l.renter_email,
            jsonb_build_object('quote_id', saved.id, 'revised', previous.id is not null), saved.id);
  end if;
  perform private.queue_text(l.id, 'quote', p_vendor_id, false, jsonb_build_object('quote_id', saved.id, 'revised', previous.id is not null));
  return to_jsonb(saved);
exception
  when invalid_text_representation or numeric_value_out_of_range or invalid_datetime_format or datetime_field_overflow then
    raise exception 'A field of the quote is not valid' using errcode = 'P0001', hint = 'quote-invalid';
  when check_violation then
    raise exception 'A field of the quote is not valid' using errcode = 'P0001', hint = 'quote-invalid';
end;
$$;

revoke execute on function private.quote_save(bigint,bigint,jsonb) from public, anon, authenticated;
