-- Why a rate card (as rate_card_json shapes it, without its date) cannot be stored, or
-- null when it can. The same rules as the forms' schema (lib/prices/rate-card.ts); the
-- tables' checks hold them again.
create or replace function public.rate_card_problem(p_card jsonb)
returns text language plpgsql immutable set search_path = '' as $$
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
    return 'The rate card is not in the expected form';
  end if;
  if jsonb_array_length(p_card->'classes') = 0 then
    return 'Enter the rates of at least one machine class';
  end if;
  for k in select value from jsonb_array_elements(p_card->'classes') loop
    if k->>'class' is null or k->>'class' not in ('small', 'medium', 'large', 'track') or k->>'class' = any (seen) then
      return 'Unknown or repeated machine class';
    end if;
    seen := seen || (k->>'class');
    foreach key in array array['day', 'week', 'four_week', 'day_hours', 'week_hours', 'four_week_hours'] loop
      if jsonb_typeof(k->key) not in ('number', 'null') then
        return 'Rates and hours must be numbers';
      end if;
    end loop;
    if jsonb_typeof(k->'day') is distinct from 'number' then
      return 'Enter a day rate for each class you rent';
    end if;
    day := (k->>'day')::numeric;
    week := (k->>'week')::numeric;
    four := (k->>'four_week')::numeric;
    if day < 0 or week < 0 or four < 0 then
      return 'Rates cannot be negative';
    end if;
    if day < 1 or week < 1 or four < 1 then
      return 'A rate must be at least $1';
    end if;
    if day > 10000 or week > 70000 or four > 280000 then
      return 'A rate is too large';
    end if;
    if week > 7 * day then
      return 'A week cannot cost more than 7 days';
    end if;
    if four > 4 * coalesce(week, 7 * day) then
      return 'A 4-week rate cannot cost more than 4 weeks';
    end if;
    foreach key in array array['day_hours', 'week_hours', 'four_week_hours'] loop
      hours_max := case key when 'day_hours' then 24 when 'week_hours' then 168 else 672 end;
      if k->key <> 'null' and ((k->>key)::numeric <> trunc((k->>key)::numeric) or (k->>key)::numeric not between 1 and hours_max) then
        return 'Meter hours must be whole hours that fit in their period';
      end if;
    end loop;
  end loop;
  if p_card->'delivery' is not null and p_card->'delivery' <> 'null' then
    if jsonb_typeof(p_card->'delivery'->'fee') is distinct from 'number' or jsonb_typeof(p_card->'delivery'->'miles') is distinct from 'number'
       or jsonb_typeof(p_card->'delivery'->'per_mile') is distinct from 'number' then
      return 'Delivery needs a flat fee, its radius in miles and a rate per mile beyond';
    end if;
    if (p_card->'delivery'->>'fee')::numeric < 0 or (p_card->'delivery'->>'per_mile')::numeric < 0 then
      return 'Delivery fees cannot be negative';
    end if;
    if (p_card->'delivery'->>'fee')::numeric > 10000 or (p_card->'delivery'->>'per_mile')::numeric > 100 then
      return 'A delivery fee is too large';
    end if;
    if (p_card->'delivery'->>'miles')::numeric not between 0 and 500 or (p_card->'delivery'->>'miles')::numeric <> trunc((p_card->'delivery'->>'miles')::numeric) then
      return 'The flat-fee delivery radius must be 0 to 500 whole miles';
    end if;
  end if;
  if p_card->'waiver_percent' is not null and p_card->'waiver_percent' <> 'null'
     and (jsonb_typeof(p_card->'waiver_percent') <> 'number' or (p_card->>'waiver_percent')::numeric not between 0 and 50) then
    return 'The damage waiver must be 0 to 50 %';
  end if;
  if jsonb_array_length(coalesce(p_card->'fees', '[]')) > 5 then
    return 'A rate card has at most 5 other fees';
  end if;
  for f in select value from jsonb_array_elements(coalesce(p_card->'fees', '[]')) loop
    if jsonb_typeof(f->'label') is distinct from 'string' or length(trim(f->>'label')) not between 2 and 60
       or ((f ? 'percent') = (f ? 'amount')) then
      return 'Each fee needs a label of 2 to 60 characters and either a percentage or an amount';
    end if;
    if jsonb_typeof(coalesce(f->'percent', f->'amount')) <> 'number' then
      return 'Rates and hours must be numbers';
    end if;
    if (coalesce(f->>'percent', f->>'amount'))::numeric < 0 then
      return 'Fees cannot be negative';
    end if;
    if (f->>'percent')::numeric > 30 or (f->>'amount')::numeric > 5000 then
      return 'A fee is at most 30 % or $5,000';
    end if;
  end loop;
  return null;
end;
$$;

-- Stores a vendor's rate card, confirmed today (replacing any earlier one), or removes it
-- when p_card is null. A card stored here is the business's own, never sample data.
create or replace function public.set_rate_card(p_vendor_id bigint, p_card jsonb, p_updated_by text)
returns void language plpgsql security definer set search_path = '' as $$
declare
  problem text;
begin
  if not exists (select 1 from public.vendors v where v.id = p_vendor_id) then
    raise exception 'No such vendor' using errcode = 'PT404';
  end if;
  if p_card is null or p_card = 'null' then
    delete from public.rate_cards r where r.vendor_id = p_vendor_id;
    return;
  end if;
  problem := public.rate_card_problem(p_card);
  if problem is not null then
    raise exception '%', problem using errcode = 'P0001';
  end if;
  insert into public.rate_cards (vendor_id, delivery_fee, delivery_miles, delivery_per_mile, waiver_percent, published, sample, confirmed_on, updated_by, updated_at)
  values (p_vendor_id, (p_card->'delivery'->>'fee')::numeric, (p_card->'delivery'->>'miles')::int, (p_card->'delivery'->>'per_mile')::numeric,
          (p_card->>'waiver_percent')::numeric, coalesce((p_card->>'published')::boolean, true), false, current_date, p_updated_by, now())
  on conflict (vendor_id) do update set delivery_fee = excluded.delivery_fee, delivery_miles = excluded.delivery_miles,
    delivery_per_mile = excluded.delivery_per_mile, waiver_percent = excluded.waiver_percent, published = excluded.published,
    sample = false, confirmed_on = current_date, updated_by = excluded.updated_by, updated_at = now();
  delete from public.rate_card_classes k where k.vendor_id = p_vendor_id;
  insert into public.rate_card_classes (vendor_id, class, day_rate, week_rate, four_week_rate, day_hours, week_hours, four_week_hours)
  select p_vendor_id, k->>'class', (k->>'day')::numeric, (k->>'week')::numeric, (k->>'four_week')::numeric,
         (k->>'day_hours')::int, (k->>'week_hours')::int, (k->>'four_week_hours')::int
  from jsonb_array_elements(p_card->'classes') k;
  delete from public.rate_card_fees f where f.vendor_id = p_vendor_id;
  insert into public.rate_card_fees (vendor_id, position, label, percent, amount)
  select p_vendor_id, n, trim(f->>'label'), (f->>'percent')::numeric, (f->>'amount')::numeric
  from jsonb_array_elements(coalesce(p_card->'fees', '[]')) with ordinality x(f, n);
end;
$$;

-- The operator's edit of a vendor's rate card, in the audit log.
create or replace function public.operator_set_rate_card(p_vendor_id bigint, p_card jsonb, p_operator text)
returns void language plpgsql security definer set search_path = '' as $$
begin
  perform public.set_rate_card(p_vendor_id, p_card, p_operator);
  perform public.audit(p_operator, 'rates', 'vendor ' || p_vendor_id, coalesce(p_card, '{}'::jsonb));
end;
$$;

-- A business's edit of the rate card of a listing it manages, in the audit log.
create or replace function public.business_set_rate_card(p_email text, p_vendor_id bigint, p_card jsonb)
returns void language plpgsql security definer set search_path = '' as $$
begin
  perform public.business_require_manager(p_email, p_vendor_id);
  perform public.set_rate_card(p_vendor_id, p_card, 'business ' || lower(trim(p_email)));
  perform public.audit('business ' || lower(trim(p_email)), 'rates', 'vendor ' || p_vendor_id, coalesce(p_card, '{}'::jsonb));
end;
$$;

revoke execute on function public.rate_card_problem(jsonb), public.set_rate_card(bigint, jsonb, text),
  public.operator_set_rate_card(bigint, jsonb, text), public.business_set_rate_card(text, bigint, jsonb) from public, anon, authenticated;
grant execute on function public.operator_set_rate_card(bigint, jsonb, text), public.business_set_rate_card(text, bigint, jsonb) to service_role;
