-- Written by npm run db:migration from supabase/functions/ (edit those files, not this one).

-- supabase/functions/vendor_card.sql
-- A vendor card with the slugs of its home location, for links, whether the business has
-- claimed the listing, whether it went public in the last 30 days ("New"), and its lowest
-- published day rate ("from $X/day"), marked when it is sample data, and its published
-- reviews in figures (their count and average, kept on its row by review_counts; its page adds
-- the stars' spread). Its rating is sample data, never mixed with the reviews.
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
    'reviews', jsonb_build_object('count', v.review_count, 'average', round(v.review_stars::numeric / nullif(v.review_count, 0), 1)))
  from public.postcodes p
  join public.cities c on c.id = p.city_id
  join public.states st on st.id = c.state_id
  join public.countries co on co.id = st.country_id
  left join public.rate_cards r on r.vendor_id = v.id
  where p.id = v.postcode_id;
$$;

revoke execute on function public.vendor_card(public.vendors) from public;
grant execute on function public.vendor_card(public.vendors) to anon, authenticated, service_role;

-- supabase/functions/city_prices.sql
-- A city's price comparison for one machine class: the place, whether the ZIP is known,
-- and up to 200 of the vendors serving the city whose published card rents that class
-- (lowest day rate first), each with its card and its miles to the ZIP; plus how many of
-- the city's vendors publish no rates for the class. Estimates are computed from this.
create or replace function public.city_prices(p_country_slug text, p_state_slug text, p_city_slug text, p_zip text, p_class text)
returns jsonb language sql stable set search_path = '' as $$
  with place as (
    select c.id as city_id, c.name as city_name, c.slug as city_slug, st.name as state_name, st.slug as state_slug,
           st.code as state_code, co.name as country_name, co.slug as country_slug
    from public.cities c
    join public.states st on st.id = c.state_id
    join public.countries co on co.id = st.country_id
    where co.slug = lower(p_country_slug) and st.slug = lower(p_state_slug) and c.slug = lower(p_city_slug)
  ), job as (
    -- The ZIP's city, read once for every vendor's miles (as vendor_miles_to_zip reckons them).
    select jc.latitude, jc.longitude from public.postcodes jp join public.cities jc on jc.id = jp.city_id
    where jp.code = p_zip limit 1
  ), serving as (
    select distinct e.vendor_id from public.vendors_serviced e
    join public.postcodes p on p.id = e.postcode_id
    join place on place.city_id = p.city_id
  ), priced as (
    select v, k.day_rate from public.vendors v
    join serving s on s.vendor_id = v.id
    join public.rate_card_classes k on k.vendor_id = v.id and k.class = p_class
    join public.rate_cards r on r.vendor_id = v.id
    order by k.day_rate, v.rating desc nulls last, v.id
    limit 200
  )
  select jsonb_build_object(
    'country', jsonb_build_object('name', place.country_name, 'slug', place.country_slug),
    'state', jsonb_build_object('name', place.state_name, 'slug', place.state_slug, 'code', place.state_code),
    'city', jsonb_build_object('name', place.city_name, 'slug', place.city_slug),
    'zip_known', exists (select 1 from job),
    'vendors', coalesce((
      select jsonb_agg(jsonb_build_object('vendor', public.vendor_card(v),
               'miles', round(public.distance_miles(job.latitude, job.longitude, vc.latitude, vc.longitude)::numeric, 1)::double precision,
               'rates', public.rate_card_json((v).id)) order by day_rate, (v).id)
      from priced
      left join public.postcodes vp on vp.id = (v).postcode_id
      left join public.cities vc on vc.id = vp.city_id
      left join job on true), '[]'::jsonb),
    'without_rates', (select count(*) from public.vendors v join serving s on s.vendor_id = v.id)
                     - (select count(*) from priced))
  from place;
$$;

revoke execute on function public.city_prices(text,text,text,text,text) from public;
grant execute on function public.city_prices(text,text,text,text,text) to anon, authenticated, service_role;

-- supabase/functions/recipient_emailed_at.sql
-- Trigger (by statement): when requests' emails to vendors are sent, notes the time on each vendor's
-- recipient row, from which its response times are read (vendor_responses) without reading the
-- messages. One update for all the statement's messages, as the outbox drain marks them together;
-- an update counts only where it sent the message (retention's emptying of old ones does not).
create or replace function private.recipient_emailed_at()
returns trigger language plpgsql security definer set search_path = '' as $$
begin
  if tg_op = 'INSERT' then
    update public.lead_recipients r set emailed_at = m.sent_at
    from (select n.lead_id, n.vendor_id, max(n.sent_at) as sent_at from new_rows n
          where n.kind = 'lead' and n.channel = 'email' and n.sent_at is not null group by 1, 2) m
    where r.lead_id = m.lead_id and r.vendor_id = m.vendor_id and r.emailed_at is distinct from m.sent_at;
  else
    update public.lead_recipients r set emailed_at = m.sent_at
    from (select n.lead_id, n.vendor_id, max(n.sent_at) as sent_at from new_rows n
          join old_rows o on o.id = n.id and o.sent_at is distinct from n.sent_at
          where n.kind = 'lead' and n.channel = 'email' and n.sent_at is not null group by 1, 2) m
    where r.lead_id = m.lead_id and r.vendor_id = m.vendor_id and r.emailed_at is distinct from m.sent_at;
  end if;
  return null;
end;
$$;

revoke execute on function private.recipient_emailed_at() from public, anon, authenticated;

-- supabase/functions/sitemap_file_starts.sql
-- Where each sitemap file after the first starts: the kind and key of the entry before it, when
-- files hold p_per_file entries and the first holds p_first_file (the rest of it is static
-- pages). The entries are counted by kind, and each start is read at its place in its kind's key
-- order: index-only reads, not numbering every entry. Read once for the whole index by its cache.
create or replace function public.sitemap_file_starts(p_first_file int, p_per_file int)
returns table (file int, after_kind int, after_key bigint) language sql stable set search_path = '' as $$
  with kinds as (
    select s.kind, count(*) as entries from public.sitemap_entries s group by s.kind
  ), spans as (
    select k.kind, sum(k.entries) over (order by k.kind) - k.entries as before, sum(k.entries) over (order by k.kind) as through
    from kinds k
  ), starts as (
    -- The j-th start follows entry number p_first_file + (j - 1) x p_per_file, counted from 1.
    select j, p_first_file + (j - 1)::bigint * p_per_file as at
    from generate_series(1, greatest(((select coalesce(sum(k.entries), 0) from kinds k) - p_first_file) / nullif(p_per_file, 0) + 1, 0)::int) j
    where p_per_file > 0 and p_first_file > 0
  )
  select st.j::int, sp.kind,
         (select s.key from public.sitemap_entries s where s.kind = sp.kind order by s.key offset st.at - sp.before - 1 limit 1)
  from starts st
  join spans sp on st.at > sp.before and st.at <= sp.through;
$$;

revoke execute on function public.sitemap_file_starts(integer,integer) from public;
grant execute on function public.sitemap_file_starts(integer,integer) to anon, authenticated, service_role;

-- supabase/functions/state_page.sql
-- A state's page: its cities with vendors, and a page of its listed vendors with how many there are.
create or replace function public.state_page(p_country_slug text, p_state_slug text, p_offset int default 0, p_limit int default 48)
returns jsonb language sql stable set search_path = '' as $$
  select jsonb_build_object(
    'country', jsonb_build_object('name', co.name, 'slug', co.slug),
    'state', jsonb_build_object('id', st.id, 'name', st.name, 'slug', st.slug, 'code', st.code),
    'hero', public.hero_for('state'),
    'seo_body_text', coalesce(
      (select c.seo_body_text from public.state_seo_config c where c.state_slug = st.slug),
      (select g.seo_body_text from public.skidsteer_config g limit 1)),
    'cities', coalesce((
      select jsonb_agg(jsonb_build_object('city_id', cv.city_id, 'city_name', cv.city_name,
               'city_slug', cv.city_slug, 'vendor_count', cv.vendor_count, 'state_slug', cv.state_slug)
             order by cv.vendor_count desc, cv.city_name)
      from public.cities_with_vendors cv where cv.state_slug = st.slug), '[]'::jsonb))
    -- The page is ranked among the listings that rank apart (reviews, a recent response time) and
    -- the others, which rank after or among them by name alone: of those, only the ones from where
    -- the page may start (all of them but as many as rank apart can come before it) to its end.
    || (with apart as (
          select v.id from public.vendors v where v.state_id = st.id and not v.hidden and v.review_count > 0
          union
          select v.id from public.vendors v
          where v.state_id = st.id and not v.hidden and v.response_hours is not null
            and coalesce(v.last_responded_at > now() - interval '90 days', false)
        ), bounds as (
          select w.o, w.l, greatest(w.o - (select count(*) from apart), 0) as skipped
          from (select greatest(coalesce(p_offset, 0), 0) as o, least(greatest(coalesce(p_limit, 48), 1), 100) as l) w
        )
        select public.vendor_page_slice(array(
                 select a.id from apart a
                 union all
                 (select v.id from public.vendors v
                  where v.state_id = st.id and not v.hidden and v.review_count = 0
                    and not (v.response_hours is not null and coalesce(v.last_responded_at > now() - interval '90 days', false))
                  order by v.name, v.id
                  offset b.skipped limit b.o + b.l - b.skipped)), (b.o - b.skipped)::int, b.l)
        from bounds b)
    || jsonb_build_object('vendor_total', st.vendor_count)
  from public.states st
  join public.countries co on co.id = st.country_id
  where co.slug = lower(p_country_slug) and st.slug = lower(p_state_slug);
$$;

revoke execute on function public.state_page(text,text,integer,integer) from public;
grant execute on function public.state_page(text,text,integer,integer) to anon, authenticated, service_role;

-- supabase/functions/vendor_page.sql
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
                 'response', private.vendor_response(v.id), 'hours', v.hours, 'paused', v.leads_paused_at is not null,
                 'rates', public.rate_card_json(v.id))
               from v where exists (select 1 from c)),
    'reviews', (select public.vendor_reviews(v.id) from v where exists (select 1 from c)));
$$;

revoke execute on function public.vendor_page(text,text,text,text) from public;
grant execute on function public.vendor_page(text,text,text,text) to anon, authenticated, service_role;
