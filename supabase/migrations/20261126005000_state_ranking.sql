-- A state's page ranks its listings without reading every one of them: each listing keeps its
-- state and its published reviews in figures on its row (kept by triggers), the site keeps the
-- sum of all published stars, and the listings that rank like any other (no reviews, no recent
-- response time) are read by name through an index, as many as the page needs.

alter table public.vendors add column state_id bigint references public.states (id),
  add column review_count int not null default 0 check (review_count >= 0),
  add column review_stars int not null default 0 check (review_stars >= 0);

create or replace function private.vendor_state_id()
returns trigger language plpgsql security definer set search_path = '' as $$
begin
  new.state_id := (select c.state_id from public.postcodes p join public.cities c on c.id = p.city_id where p.id = new.postcode_id);
  return new;
end;
$$;
revoke execute on function private.vendor_state_id() from public, anon, authenticated;
create trigger vendors_state_id before insert or update of postcode_id on public.vendors
  for each row execute function private.vendor_state_id();
update public.vendors v set state_id = c.state_id
from public.postcodes p join public.cities c on c.id = p.city_id where p.id = v.postcode_id;

-- All published reviews in one row: their count and their stars, for the site's average.
create table private.review_totals (
  only_row boolean primary key default true check (only_row),
  count bigint not null check (count >= 0),
  stars bigint not null check (stars >= 0)
);
insert into private.review_totals (count, stars)
select count(*), coalesce(sum(stars), 0) from public.reviews where status = 'published';

-- Row by row, so that two reviews of one listing published at once each add their own.
create or replace function private.review_counts()
returns trigger language plpgsql security definer set search_path = '' as $$
begin
  if tg_op in ('UPDATE', 'DELETE') and old.status = 'published' then
    update public.vendors set review_count = review_count - 1, review_stars = review_stars - old.stars where id = old.vendor_id;
    update private.review_totals set count = count - 1, stars = stars - old.stars;
  end if;
  if tg_op in ('INSERT', 'UPDATE') and new.status = 'published' then
    update public.vendors set review_count = review_count + 1, review_stars = review_stars + new.stars where id = new.vendor_id;
    update private.review_totals set count = count + 1, stars = stars + new.stars;
  end if;
  return null;
end;
$$;
revoke execute on function private.review_counts() from public, anon, authenticated;
create trigger reviews_counts after insert or update of status, stars or delete on public.reviews
  for each row execute function private.review_counts();
update public.vendors v set review_count = x.count, review_stars = x.stars
from (select vendor_id, count(*)::int as count, sum(stars)::int as stars from public.reviews where status = 'published' group by 1) x
where v.id = x.vendor_id;

-- A state's listings: those without reviews by name, and those with reviews or a response time.
create index vendors_state_plain_idx on public.vendors (state_id, name, id) where not hidden and review_count = 0;
create index vendors_state_reviewed_idx on public.vendors (state_id) where not hidden and review_count > 0;
create index vendors_state_responding_idx on public.vendors (state_id, last_responded_at) where not hidden and response_hours is not null;
