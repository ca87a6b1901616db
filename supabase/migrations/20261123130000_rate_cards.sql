-- Rate cards: what a vendor charges, per machine class it rents, with its delivery, damage
-- waiver and other fees, and the day the card was last confirmed. Written only through
-- set_rate_card (service role); visitors read the published cards of listed vendors.
-- Classes, by rated operating capacity (ROC): small wheeled under 1,750 lb, medium wheeled
-- 1,750 to 2,200 lb, large wheeled over 2,200 lb, and compact track loaders of any size.

create table public.rate_cards (
  vendor_id bigint primary key references public.vendors (id) on delete cascade,
  -- Delivery: a flat fee each way within delivery_miles, then delivery_per_mile beyond;
  -- all three null when the vendor does not deliver.
  delivery_fee numeric(8, 2) check (delivery_fee between 0 and 10000),
  delivery_miles int check (delivery_miles between 0 and 500),
  delivery_per_mile numeric(6, 2) check (delivery_per_mile between 0 and 100),
  -- Damage waiver as a percentage of the rental; null when not offered.
  waiver_percent numeric(4, 1) check (waiver_percent between 0 and 50),
  published boolean not null default true,
  -- Fictitious sample data (the seeded directory), shown as such wherever it shows.
  sample boolean not null default false,
  confirmed_on date not null default current_date,
  updated_by text not null,
  updated_at timestamptz not null default now(),
  check ((delivery_fee is null) = (delivery_miles is null) and (delivery_fee is null) = (delivery_per_mile is null))
);

create table public.rate_card_classes (
  vendor_id bigint not null references public.rate_cards (vendor_id) on delete cascade,
  class text not null check (class in ('small', 'medium', 'large', 'track')),
  day_rate numeric(8, 2) not null check (day_rate between 1 and 10000),
  week_rate numeric(8, 2) check (week_rate between 1 and 70000),
  four_week_rate numeric(9, 2) check (four_week_rate between 1 and 280000),
  -- Meter hours included per period; null when the vendor states none.
  day_hours int check (day_hours between 1 and 24),
  week_hours int check (week_hours between 1 and 168),
  four_week_hours int check (four_week_hours between 1 and 672),
  primary key (vendor_id, class),
  -- A week costs no more than 7 days, and 4 weeks no more than 4 weeks (or 28 days).
  check (week_rate <= 7 * day_rate),
  check (four_week_rate <= 4 * coalesce(week_rate, 7 * day_rate))
);

create table public.rate_card_fees (
  vendor_id bigint not null references public.rate_cards (vendor_id) on delete cascade,
  position int not null check (position between 1 and 5),
  label text not null check (length(trim(label)) between 2 and 60),
  -- Either a percentage of the rental or a fixed amount per rental.
  percent numeric(4, 1) check (percent between 0 and 30),
  amount numeric(8, 2) check (amount between 0 and 5000),
  primary key (vendor_id, position),
  check ((percent is null) <> (amount is null))
);

alter table public.rate_cards enable row level security;
alter table public.rate_card_classes enable row level security;
alter table public.rate_card_fees enable row level security;
revoke all on table public.rate_cards, public.rate_card_classes, public.rate_card_fees from anon, authenticated;
grant select on table public.rate_cards, public.rate_card_classes, public.rate_card_fees to anon, authenticated;
-- The console reads cards, published or not, with the service role (which bypasses the policies).
grant select on table public.rate_cards, public.rate_card_classes, public.rate_card_fees to service_role;

-- The vendors policy already hides hidden listings from visitors, so a card is readable
-- when it is published and its vendor is.
create policy "Anyone can read published rate cards of listed vendors" on public.rate_cards
  for select to anon, authenticated
  using (published and exists (select 1 from public.vendors v where v.id = rate_cards.vendor_id));
create policy "Anyone can read the classes of readable rate cards" on public.rate_card_classes
  for select to anon, authenticated
  using (exists (select 1 from public.rate_cards r where r.vendor_id = rate_card_classes.vendor_id));
create policy "Anyone can read the fees of readable rate cards" on public.rate_card_fees
  for select to anon, authenticated
  using (exists (select 1 from public.rate_cards r where r.vendor_id = rate_card_fees.vendor_id));

-- The lowest day rate orders a city's vendors by price.
create index rate_card_classes_day_rate_idx on public.rate_card_classes (vendor_id, day_rate);

-- The vendor lists gain a sort order, so these are replaced (supabase/functions/).
drop function public.city_page(text, text, text, int, int);
drop function public.vendor_page_slice(bigint[], int, int);

-- Price pages measure the miles from a vendor to the visitor's ZIP: pure arithmetic.
grant execute on function public.distance_miles(double precision, double precision, double precision, double precision) to anon, authenticated;
