-- What renting the quote's machine for p_days costs by the quote's own periods, as the estimate
-- prices a rate card (lib/prices/estimate.ts): its rental lines read as periods by their labels
-- ("Day" or "Daily" 1 day, "Week" or "Weekly" 7, "4 weeks", "Month" or "Monthly" 28, "5 days",
-- "2 weeks": that many), the cheapest combination covering the days. A line that names no period,
-- names a part of one (half a day, a weekend) or a surcharge, discount or fee, or costs nothing, is
-- no period. A quote with no period is prorated: its rental lines' sum over the days it quoted.
-- In cents, before tax.
create or replace function private.rental_price(p_quote_id bigint, p_days int)
returns bigint language plpgsql stable security definer set search_path = '' as $$
declare
  periods jsonb;
  best bigint[] := array[0::bigint];
  n int;
  candidate bigint;
  period jsonb;
  quoted int;
  rental bigint;
begin
  if p_days <= 0 then
    return 0;
  end if;
  select coalesce(jsonb_agg(jsonb_build_object('days', x.days, 'cents', x.cents)), '[]'::jsonb) into periods
  from (
    select case
             when y.label ~ '(half|weekend|surcharge|discount|fee|deposit)' then null
             when y.label ~ '\d+\s*-?\s*days?\M' then substring(y.label from '(\d+)\s*-?\s*days?\M')::int
             when y.label ~ '\d+\s*-?\s*weeks?\M' then 7 * substring(y.label from '(\d+)\s*-?\s*weeks?\M')::int
             when y.label ~ '\d+\s*-?\s*months?\M' then 28 * substring(y.label from '(\d+)\s*-?\s*months?\M')::int
             when y.label ~ 'four\s*-?\s*weeks?\M' or y.label ~ '\mmonth(ly|s)?\M' then 28
             when y.label ~ '\mweek(ly|s)?\M' then 7
             when y.label ~ '\m(day|daily|days)\M' then 1
           end as days,
           y.cents
    from (select lower(l->>'label') as label, (l->>'unit_cents')::bigint as cents
          from public.quotes q cross join jsonb_array_elements(q.lines) l
          where q.id = p_quote_id and l->>'kind' = 'rental') y
    where y.cents > 0) x
  where x.days between 1 and 366;
  if jsonb_array_length(periods) = 0 then
    select coalesce(sum((l->>'amount_cents')::bigint), 0),
           max(coalesce(q.alternate_end - q.alternate_start, d.rental_end_date - d.rental_start_date) + 1)
    into rental, quoted
    from public.quotes q join public.leads d on d.id = q.lead_id cross join jsonb_array_elements(q.lines) l
    where q.id = p_quote_id and l->>'kind' = 'rental';
    return round(rental::numeric * p_days / greatest(coalesce(quoted, 1), 1));
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
