-- What renting the quote's machine for p_days costs by the quote's own periods, as the estimate
-- prices a rate card (lib/prices/estimate.ts): its rental lines read as periods by their labels
-- (a day, a week, 4 weeks), the cheapest combination covering the days. A quote whose rental lines
-- name no period is prorated: its rental lines' sum over the days booked. In cents, before tax.
create or replace function private.rental_price(p_quote_id bigint, p_days int)
returns bigint language plpgsql stable security definer set search_path = '' as $$
declare
  periods jsonb;
  best bigint[] := array[0::bigint];
  n int;
  candidate bigint;
  period jsonb;
  booked int;
  rental bigint;
begin
  if p_days <= 0 then
    return 0;
  end if;
  select coalesce(jsonb_agg(jsonb_build_object('days', x.days, 'cents', x.cents)), '[]'::jsonb) into periods
  from (
    select case when l->>'label' ~* '(4|four)\s*-?\s*weeks?' then 28 when l->>'label' ~* 'week' then 7
                when l->>'label' ~* 'day' then 1 end as days,
           (l->>'unit_cents')::bigint as cents
    from public.quotes q cross join jsonb_array_elements(q.lines) l
    where q.id = p_quote_id and l->>'kind' = 'rental') x
  where x.days is not null;
  if jsonb_array_length(periods) = 0 then
    select coalesce(sum((l->>'amount_cents')::bigint), 0), max(b.end_date - b.start_date + 1) into rental, booked
    from public.quotes q cross join jsonb_array_elements(q.lines) l left join public.bookings b on b.quote_id = q.id
    where q.id = p_quote_id and l->>'kind' = 'rental';
    return round(rental::numeric * p_days / greatest(coalesce(booked, 1), 1));
  end if;
  for n in 1 .. p_days loop
    best[n + 1] := null;
    for period in select * from jsonb_array_elements(periods) loop
      candidate := best[greatest(0, n - (period->>'days')::int) + 1] + (period->>'cents')::bigint;
      if best[n + 1] is null or candidate < best[n + 1] then
        best[n + 1] := candidate;
      end if;
    end loop;
  end loop;
  return best[p_days + 1];
end;
$$;

revoke execute on function private.rental_price(bigint,int) from public, anon, authenticated;
