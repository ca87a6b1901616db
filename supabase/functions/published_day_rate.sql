-- The lowest day rate of a vendor's published rate card, or null: the price a city's vendors are
-- sorted by (kept in private.city_vendors). Published cards only, whoever runs it.
create or replace function private.published_day_rate(p_vendor_id bigint)
returns numeric language sql stable set search_path = '' as $$
  select min(k.day_rate) from public.rate_card_classes k
  join public.rate_cards r on r.vendor_id = k.vendor_id
  where k.vendor_id = p_vendor_id and r.published;
$$;
revoke execute on function private.published_day_rate(bigint) from public, anon, authenticated;
