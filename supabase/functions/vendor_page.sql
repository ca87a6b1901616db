-- A listing's page, in one call: its place, the vendor's card with its street, description,
-- its published reviews in figures with the stars' spread,
-- whether its name is shared in the city (the title then adds the street), how quickly it
-- responds, whether it has stopped taking requests, and its rate card, and the first page of
-- its published reviews (vendor_reviews' default page, REVIEWS_PER_PAGE in lib/reviews/data.ts).
create or replace function public.vendor_page(p_country_slug text, p_state_slug text, p_city_slug text, p_vendor_slug text)
returns jsonb language sql stable set search_path = '' as $$
  with co as (select * from public.countries where slug = lower(p_country_slug)),
       st as (select s.* from public.states s join co on co.id = s.country_id where s.slug = lower(p_state_slug)),
       c as (select c.* from public.cities c join st on st.id = c.state_id where c.slug = lower(p_city_slug)),
       v as (select v.* from public.vendors v where v.slug = lower(p_vendor_slug))
  select jsonb_build_object(
    'country', (select jsonb_build_object('name', name, 'slug', slug) from co),
    'state', (select jsonb_build_object('name', name, 'slug', slug, 'code', code) from st),
    'city', (select jsonb_build_object('name', name, 'slug', slug) from c),
    'vendor', (select public.vendor_card(v) || jsonb_build_object(
                 'reviews', public.vendor_review_summary(v.id), 'street', v.street, 'created_at', v.created_at, 'updated_at', v.updated_at,
                 'postcode', (select p.code from public.postcodes p where p.id = v.postcode_id),
                 'description', (select d.description from public.vendors_additionaldetails d where d.vendor_id = v.id),
                 'name_shared', exists (
                   select 1 from public.vendors o
                   join public.postcodes op on op.id = o.postcode_id
                   join public.postcodes vp on vp.id = v.postcode_id
                   where o.name = v.name and o.id <> v.id and op.city_id = vp.city_id),
                 'response', private.vendor_response(v.id), 'response_rate', case when v.response_rate_count >= 5 then
                   jsonb_build_object('percent', v.response_rate, 'count', v.response_rate_count) end, 'hours', v.hours, 'paused', v.leads_paused_at is not null,
                 'rates', public.rate_card_json(v.id))
               from v where exists (select 1 from c)),
    'reviews', (select public.vendor_reviews(v.id) from v where exists (select 1 from c)));
$$;

revoke execute on function public.vendor_page(text,text,text,text) from public;
grant execute on function public.vendor_page(text,text,text,text) to anon, authenticated, service_role;
