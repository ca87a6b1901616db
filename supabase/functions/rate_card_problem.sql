-- Why a rate card (as rate_card_json shapes it, without its date) cannot be stored, as
-- {code, message}, or null when it can. The same rules as the forms' schema (lib/prices/rate-card.ts); the
-- tables' checks hold them again.
create or replace function public.rate_card_problem(p_card jsonb)
returns jsonb language plpgsql immutable set search_path = '' as $$
declare
  k jsonb;
  f jsonb;
  seen text[] := '{}';
  day numeric;
  week numeric;
  four numeric;
  key text;
  hours_max int;
begin
  if jsonb_typeof(p_card) is distinct from 'object' or jsonb_typeof(p_card->'classes') is distinct from 'array'
     or jsonb_typeof(coalesce(p_card->'fees', '[]')) <> 'array' then
    return jsonb_build_object('code', 'rates-form', 'message', 'The rate card is not in the expected form');
  end if;
  if jsonb_array_length(p_card->'classes') = 0 then
    return jsonb_build_object('code', 'rates-none', 'message', 'Enter the rates of at least one machine class');
  end if;
  for k in select value from jsonb_array_elements(p_card->'classes') loop
    if k->>'class' is null or k->>'class' not in ('small', 'medium', 'large', 'track') or k->>'class' = any (seen) then
      return jsonb_build_object('code', 'rates-class', 'message', 'Unknown or repeated machine class');
    end if;
    seen := seen || (k->>'class');
    foreach key in array array['day', 'week', 'four_week', 'day_hours', 'week_hours', 'four_week_hours'] loop
      if jsonb_typeof(k->key) not in ('number', 'null') then
        return jsonb_build_object('code', 'rates-number', 'message', 'Rates and hours must be numbers');
      end if;
    end loop;
    if jsonb_typeof(k->'day') is distinct from 'number' then
      return jsonb_build_object('code', 'rates-day', 'message', 'Enter a day rate for each class you rent');
    end if;
    day := (k->>'day')::numeric;
    week := (k->>'week')::numeric;
    four := (k->>'four_week')::numeric;
    if day < 0 or week < 0 or four < 0 then
      return jsonb_build_object('code', 'rates-negative', 'message', 'Rates cannot be negative');
    end if;
    if day < 1 or week < 1 or four < 1 then
      return jsonb_build_object('code', 'rates-minimum', 'message', 'A rate must be at least $1');
    end if;
    if day > 10000 or week > 70000 or four > 280000 then
      return jsonb_build_object('code', 'rates-large', 'message', 'A rate is too large');
    end if;
    if week > 7 * day then
      return jsonb_build_object('code', 'rates-week', 'message', 'A week cannot cost more than 7 days');
    end if;
    if four > 4 * coalesce(week, 7 * day) then
      return jsonb_build_object('code', 'rates-four-week', 'message', 'A 4-week rate cannot cost more than 4 weeks');
    end if;
    foreach key in array array['day_hours', 'week_hours', 'four_week_hours'] loop
      hours_max := case key when 'day_hours' then 24 when 'week_hours' then 168 else 672 end;
      if k->key <> 'null' and ((k->>key)::numeric <> trunc((k->>key)::numeric) or (k->>key)::numeric not between 1 and hours_max) then
        return jsonb_build_object('code', 'rates-hours', 'message', 'Meter hours must be whole hours that fit in their period');
      end if;
    end loop;
  end loop;
  if p_card->'delivery' is not null and p_card->'delivery' <> 'null' then
    if jsonb_typeof(p_card->'delivery'->'fee') is distinct from 'number' or jsonb_typeof(p_card->'delivery'->'miles') is distinct from 'number'
       or jsonb_typeof(p_card->'delivery'->'per_mile') is distinct from 'number' then
      return jsonb_build_object('code', 'rates-delivery', 'message', 'Delivery needs a flat fee, its radius in miles and a rate per mile beyond');
    end if;
    if (p_card->'delivery'->>'fee')::numeric < 0 or (p_card->'delivery'->>'per_mile')::numeric < 0 then
      return jsonb_build_object('code', 'rates-delivery-negative', 'message', 'Delivery fees cannot be negative');
    end if;
    if (p_card->'delivery'->>'fee')::numeric > 10000 or (p_card->'delivery'->>'per_mile')::numeric > 100 then
      return jsonb_build_object('code', 'rates-delivery-large', 'message', 'A delivery fee is too large');
    end if;
    if (p_card->'delivery'->>'miles')::numeric not between 0 and 500 or (p_card->'delivery'->>'miles')::numeric <> trunc((p_card->'delivery'->>'miles')::numeric) then
      return jsonb_build_object('code', 'rates-radius', 'message', 'The flat-fee delivery radius must be 0 to 500 whole miles');
    end if;
  end if;
  if p_card->'waiver_percent' is not null and p_card->'waiver_percent' <> 'null'
     and (jsonb_typeof(p_card->'waiver_percent') <> 'number' or (p_card->>'waiver_percent')::numeric not between 0 and 50) then
    return jsonb_build_object('code', 'rates-waiver', 'message', 'The damage waiver must be 0 to 50 %');
  end if;
  if jsonb_array_length(coalesce(p_card->'fees', '[]')) > 5 then
    return jsonb_build_object('code', 'rates-fee-count', 'message', 'A rate card has at most 5 other fees');
  end if;
  for f in select value from jsonb_array_elements(coalesce(p_card->'fees', '[]')) loop
    if jsonb_typeof(f->'label') is distinct from 'string' or length(trim(f->>'label')) not between 2 and 60
       or ((f ? 'percent') = (f ? 'amount')) then
      return jsonb_build_object('code', 'rates-fee', 'message', 'Each fee needs a label of 2 to 60 characters and either a percentage or an amount');
    end if;
    if jsonb_typeof(coalesce(f->'percent', f->'amount')) <> 'number' then
      return jsonb_build_object('code', 'rates-number', 'message', 'Rates and hours must be numbers');
    end if;
    if (coalesce(f->>'percent', f->>'amount'))::numeric < 0 then
      return jsonb_build_object('code', 'rates-fee-negative', 'message', 'Fees cannot be negative');
    end if;
    if (f->>'percent')::numeric > 30 or (f->>'amount')::numeric > 5000 then
      return jsonb_build_object('code', 'rates-fee-large', 'message', 'A fee is at most 30 % or $5,000');
    end if;
  end loop;
  return null;
end;
$$;

revoke execute on function public.rate_card_problem(jsonb) from public, anon, authenticated;
