-- Stores a vendor's rate card, confirmed today (replacing any earlier one), or removes it
-- when p_card is null. A card stored here is the business's own, never sample data.
create or replace function public.set_rate_card(p_vendor_id bigint, p_card jsonb, p_updated_by text)
returns void language plpgsql security definer set search_path = '' as $$
declare
  problem jsonb;
begin
  if not exists (select 1 from public.vendors v where v.id = p_vendor_id) then
    raise exception 'No such vendor' using errcode = 'PT404', hint = 'no-record';
  end if;
  if p_card is null or p_card = 'null' then
    delete from public.rate_cards r where r.vendor_id = p_vendor_id;
    return;
  end if;
  problem := public.rate_card_problem(p_card);
  if problem is not null then
    raise exception '%', problem->>'message' using errcode = 'P0001', hint = problem->>'code';
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

revoke execute on function public.set_rate_card(bigint,jsonb,text) from public, anon, authenticated;
