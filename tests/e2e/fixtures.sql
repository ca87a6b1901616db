-- Hostile content the browser tests load on top of the seed: markup in an article and
-- in a vendor's name must reach the visitor as harmless text or sanitized HTML.

insert into public.articles (slug, title, excerpt, content, cover_image, published_at) values (
  'hostile-markup-check',
  'Hostile Markup Check',
  'An article whose HTML tries to run script.',
  '<p id="safe-paragraph">Safe paragraph text.</p>'
  || '<script>window.__hostile = "script";</script>'
  || '<img src="/images/articles/none.svg" alt="broken" onerror="window.__hostile = ''onerror''">'
  || '<a id="hostile-link" href="javascript:window.__hostile = ''link''">a link</a>'
  || '<iframe src="https://example.com"></iframe>'
  || '<p style="position:fixed" onclick="window.__hostile = ''click''">Styled paragraph.</p>',
  null,
  '2000-01-01'
);

insert into public.vendors (name, slug, phone, full_address, street, rating, postcode_id)
select '<img src=x onerror="window.__hostile=1">Bobcat & "Sons" <b>Rentals</b>', 'hostile-name-rentals', '(555) 010-0199',
       '1 Test Way', '1 Test Way', 4.5, p.id
from public.postcodes p join public.cities c on c.id = p.city_id join public.states s on s.id = c.state_id
where s.slug = 'vermont' order by c.name, p.code limit 1;

insert into public.vendors_serviced (vendor_id, postcode_id)
select v.id, v.postcode_id from public.vendors v where v.slug = 'hostile-name-rentals';

-- The operator console's browser tests work in one city of the state with the fewest
-- listings, so the directory tests' expectations elsewhere stay put: a listing to edit, one to
-- hide, and submitted businesses to approve, reject and recognise as a duplicate; the "Too" and
-- "Us" ones are hidden, approved and rejected by a retry of those tests.
create temporary table console_city as
select st.slug as state_slug, c.slug as city_slug, c.id as city_id, c.name as city_name,
       (select min(p.code) from public.postcodes p where p.city_id = c.id) as zip
from public.cities_with_vendors cw join public.cities c on c.id = cw.city_id join public.states st on st.id = c.state_id
where st.id = (select sw.state_id from public.states_with_vendors sw where sw.featured is not true
               order by sw.vendor_count, sw.state_slug limit 1)
order by cw.vendor_count, c.id limit 1;

insert into public.vendors (name, slug, site, email, phone, full_address, street, rating, postcode_id)
select n.name, n.slug, n.site, 'quotes@' || n.slug || '.example', n.phone, '5 Console Way, ' || cc.city_name, '5 Console Way', 4.0,
       (select p.id from public.postcodes p where p.code = cc.zip)
from console_city cc, (values
  ('Console Edit Rentals', 'console-edit-rentals', 'https://console-edit.example', '(555) 010-3001'),
  ('Console Hide Rentals', 'console-hide-rentals', 'https://console-hide.example', '(555) 010-3002'),
  ('Console Hide Too Rentals', 'console-hide-too-rentals', 'https://console-hide-too.example', '(555) 010-3003')) n(name, slug, site, phone);
insert into public.vendors_serviced (vendor_id, postcode_id)
select v.id, p.id from public.vendors v, console_city cc join public.postcodes p on p.city_id = cc.city_id
where v.slug in ('console-edit-rentals', 'console-hide-rentals', 'console-hide-too-rentals');

select public.submit_vendor(s.name, s.site, '(555) 010-4001', '9 Review Street', cc.state_slug, cc.city_slug, cc.zip, s.client_key, s.email)
from console_city cc, (values
  ('Approve Me Skid Steers', 'https://approve-me.example', 'console-fixture-1', 'quotes@approve-me.example'),
  ('Reject Me Skid Steers', 'https://reject-me.example', 'console-fixture-2', null),
  ('Approve Us Skid Steers', 'https://approve-us.example', 'console-fixture-4', 'quotes@approve-us.example'),
  ('Reject Us Skid Steers', 'https://reject-us.example', 'console-fixture-5', null),
  ('Hide Rentals Again', 'HTTP://WWW.Console-Hide.example/', 'console-fixture-3', null)) s(name, site, client_key, email);

drop table console_city;

-- The price tests' listing, without a rate card, in the quietest city of the next quietest
-- state: an operator gives it one, and an import gives rates to listings of its own.
create temporary table prices_city as
select st.slug as state_slug, c.slug as city_slug, c.id as city_id, c.name as city_name,
       (select min(p.code) from public.postcodes p where p.city_id = c.id) as zip
from public.cities_with_vendors cw join public.cities c on c.id = cw.city_id join public.states st on st.id = c.state_id
where st.id = (select sw.state_id from public.states_with_vendors sw where sw.featured is not true
               order by sw.vendor_count, sw.state_slug offset 1 limit 1)
order by cw.vendor_count, c.id limit 1;

insert into public.vendors (name, slug, site, email, phone, full_address, street, rating, postcode_id)
select 'Rate Card Rentals', 'rate-card-rentals', 'https://rate-card.example', 'quotes@rate-card.example', '(555) 010-3101',
       '7 Price Street, ' || pc.city_name, '7 Price Street', 4.2, (select p.id from public.postcodes p where p.code = pc.zip)
from prices_city pc;
insert into public.vendors_serviced (vendor_id, postcode_id)
select v.id, p.id from public.vendors v, prices_city pc join public.postcodes p on p.city_id = pc.city_id
where v.slug = 'rate-card-rentals';

drop table prices_city;

-- The phone-width tests' listing, as large as the data gets: a 200-character name with a long
-- unbroken word, a website whose host name is 243 characters, a 300-character street, opening hours at their limit, and a full
-- rate card (every class at its highest rates, delivery, the waiver and five fees with 60-character
-- labels), in the quietest city of the third quietest state.
create temporary table longest_city as
select c.id as city_id, c.name as city_name, (select min(p.code) from public.postcodes p where p.city_id = c.id) as zip
from public.cities_with_vendors cw join public.cities c on c.id = cw.city_id
where c.state_id = (select sw.state_id from public.states_with_vendors sw where sw.featured is not true
                    order by sw.vendor_count, sw.state_slug offset 2 limit 1)
order by cw.vendor_count, c.id limit 1;

insert into public.vendors (name, slug, site, email, phone, full_address, street, hours, rating, postcode_id)
select left('Northwesternmost-Superintendency-Earthmoving-Equipment-Rentals & Skid Steer, Compact Track Loader, '
            || 'Mini Excavator and Attachment Rental Company of the Greater Metropolitan Area, Incorporated Since 1987', 200),
       'longest-listing-rentals',
       'https://www.northwesternmost-superintendency-earthmoving-equipment.skid-steer-and-compact-track-loader-rentals-and-sales'
       || '.greater-metropolitan-area-yard-number-one-and-two.daily-weekly-and-four-week-rates-with-delivery.attachments-and-operators.example',
       'quotes@longest-listing.example', '+1 (555) 010-3201 extension 12345',
       left(repeat('Building 14, Unit 220, 12345 North Industrial Park Boulevard Frontage Road ', 5), 300) || ', ' || lc.city_name,
       left(repeat('Building 14, Unit 220, 12345 North Industrial Park Boulevard Frontage Road ', 5), 300),
       left(repeat('Monday to Friday 6:30 AM to 7:00 PM, Saturday 7:00 AM to 4:00 PM, Sunday by appointment; ', 4), 300),
       4.1, (select p.id from public.postcodes p where p.code = lc.zip)
from longest_city lc;
insert into public.vendors_serviced (vendor_id, postcode_id)
select v.id, p.id from public.vendors v, longest_city lc join public.postcodes p on p.city_id = lc.city_id
where v.slug = 'longest-listing-rentals';

insert into public.rate_cards (vendor_id, delivery_fee, delivery_miles, delivery_per_mile, waiver_percent, updated_by)
select id, 9999.99, 500, 99.99, 50, 'fixture' from public.vendors where slug = 'longest-listing-rentals';
insert into public.rate_card_classes (vendor_id, class, day_rate, week_rate, four_week_rate, day_hours, week_hours, four_week_hours)
select v.id, k.class, 9999.99, 69999.00, 279996.00, 24, 168, 672
from public.vendors v, (values ('small'), ('medium'), ('large'), ('track')) k(class) where v.slug = 'longest-listing-rentals';
insert into public.rate_card_fees (vendor_id, position, label, percent, amount)
select v.id, n, left('Environmental recovery, fuel surcharge and cleaning fee no. ' || n, 60),
       case when n % 2 = 1 then 29.9 end, case when n % 2 = 0 then 4999.99 end
from public.vendors v, generate_series(1, 5) n where v.slug = 'longest-listing-rentals';

-- Twelve published reviews of it at their longest (2,000 characters of long words, a reply as
-- long), each on a request it received: its page shows an average of 4.0 and the first ten,
-- newest first (rental 1 is the newest); /reviews/2 shows rentals 11 and 12.
create temporary table longest_reviews as
with made as (
  insert into public.leads (vendor_id, step, location, name, phone, skid_steer_type, rental_days,
                            rental_start_date, rental_end_date, completed, completed_at, owner_token_hash)
  select v.id, 3, lc.zip, 'Maximiliana-Theodora Featherstonehaugh-Cholmondeley', '(555) 010-3202', 'tracked', 3,
         current_date - 10 - n, current_date - 7 - n, true, now() - interval '12 days' - n * interval '1 day', 'fixture'
  from public.vendors v, longest_city lc, generate_series(1, 12) n where v.slug = 'longest-listing-rentals'
  returning id, vendor_id, completed_at)
select id as lead_id, vendor_id, completed_at, row_number() over (order by completed_at desc) as n from made;
insert into public.lead_recipients (lead_id, vendor_id, reason, rank, status, responded_at)
select lead_id, vendor_id, 'vendor_page', 1, 'contacted', completed_at + interval '1 day' from longest_reviews;
insert into public.reviews (lead_id, vendor_id, stars, body, author, machine, requested_at, status, published_at, reply, replied_at)
select lead_id, vendor_id, case n % 3 when 1 then 5 when 2 then 4 else 3 end,
       left('Rental ' || n || ' of 12: ' || repeat('Extraordinarilyconscientiousandpunctualdeliverycrewhandledeverything ', 40), 2000),
       'Maximiliana-Theodora F.', 'tracked', completed_at, 'published', now() - n * interval '1 day',
       left(repeat('Thank you for choosing Northwesternmost-Superintendency-Earthmoving-Equipment-Rentals ', 30), 2000), now()
from longest_reviews;
drop table longest_reviews;

drop table longest_city;
