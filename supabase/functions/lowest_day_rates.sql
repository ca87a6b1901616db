-- The lowest day rate of each of these vendors' readable cards (vendors without one are left out),
-- read in one pass for a page sorted by price. Runs as the caller, as lowest_day_rate does.
create or replace function private.lowest_day_rates(p_vendor_ids bigint[])
returns table (vendor_id bigint, day_rate numeric) language sql stable set search_path = '' as $$
  select k.vendor_id, min(k.day_rate) from public.rate_card_classes k
  join public.rate_cards r on r.vendor_id = k.vendor_id
  where k.vendor_id = any (p_vendor_ids)
  group by k.vendor_id;
$$;

revoke execute on function private.lowest_day_rates(bigint[]) from public;
grant execute on function private.lowest_day_rates(bigint[]) to anon, authenticated, service_role;
