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
