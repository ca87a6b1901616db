-- A vendor card with the slugs of its home location, for links, whether the business has
-- claimed the listing, whether it went public in the last 30 days ("New"), and its lowest
-- published day rate ("from $X/day"), marked when it is sample data, and its published
-- reviews in figures (their count and average, kept on its row by review_counts; its page adds
-- the stars' spread), and its records of rentals through the site (delivered on time, final bill
-- matched the quote). Its rating is sample data, never mixed with the reviews.
create or replace function public.vendor_card(v public.vendors)
returns jsonb language sql stable set search_path = '' as $$
  select jsonb_build_object(
    'id', v.id, 'name', v.name, 'slug', v.slug, 'phone', v.phone, 'site', v.site,
    'full_address', v.full_address, 'rating', v.rating, 'photo', v.photo,
    'city_name', c.name, 'city_slug', c.slug, 'state_slug', st.slug, 'state_code', st.code,
    'country_slug', co.slug, 'claimed', v.claimed_at is not null, 'new', coalesce(v.listed_at > now() - interval '30 days', false),
    -- Read here rather than through a function: a card is built for every vendor of a page.
    'from_day', (select min(k.day_rate) from public.rate_card_classes k where k.vendor_id = r.vendor_id),
    'rates_sample', r.sample,
    'reviews', jsonb_build_object('count', v.review_count, 'average', round(v.review_stars::numeric / nullif(v.review_count, 0), 1)),
    -- Its two records of rentals through the site, once it has 3; a sample listing (neither listed nor claimed) never shows them.
    'records', case when v.rentals_completed >= 3 and (v.claimed_at is not null or v.listed_at is not null) then
      jsonb_build_object('completed', v.rentals_completed, 'on_time', v.rentals_on_time, 'matched', v.rentals_matched,
                         'since', v.rentals_since) end)
  from public.postcodes p
  join public.cities c on c.id = p.city_id
  join public.states st on st.id = c.state_id
  join public.countries co on co.id = st.country_id
  left join public.rate_cards r on r.vendor_id = v.id
  where p.id = v.postcode_id;
$$;

revoke execute on function public.vendor_card(public.vendors) from public;
grant execute on function public.vendor_card(public.vendors) to anon, authenticated, service_role;
