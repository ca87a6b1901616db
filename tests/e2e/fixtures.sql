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
-- listings, so the directory tests' expectations elsewhere stay put: two listings to edit
-- and hide, and three submitted businesses to approve, reject and recognise as a duplicate.
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
  ('Console Hide Rentals', 'console-hide-rentals', 'https://console-hide.example', '(555) 010-3002')) n(name, slug, site, phone);
insert into public.vendors_serviced (vendor_id, postcode_id)
select v.id, p.id from public.vendors v, console_city cc join public.postcodes p on p.city_id = cc.city_id
where v.slug in ('console-edit-rentals', 'console-hide-rentals');

select public.submit_vendor(s.name, s.site, '(555) 010-4001', '9 Review Street', cc.state_slug, cc.city_slug, cc.zip, s.client_key, s.email)
from console_city cc, (values
  ('Approve Me Skid Steers', 'https://approve-me.example', 'console-fixture-1', 'quotes@approve-me.example'),
  ('Reject Me Skid Steers', 'https://reject-me.example', 'console-fixture-2', null),
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
