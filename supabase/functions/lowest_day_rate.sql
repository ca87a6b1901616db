-- The lowest day rate of a vendor's readable card, for "from $X/day" and sorting by price.
create or replace function public.lowest_day_rate(p_vendor_id bigint)
returns numeric language sql stable set search_path = '' as $$
  select min(k.day_rate) from public.rate_card_classes k
  join public.rate_cards r on r.vendor_id = k.vendor_id
  where k.vendor_id = p_vendor_id;
$$;

revoke execute on function public.lowest_day_rate(bigint) from public;
grant execute on function public.lowest_day_rate(bigint) to anon, authenticated, service_role;
