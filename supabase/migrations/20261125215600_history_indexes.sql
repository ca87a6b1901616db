-- Reads whose cost does not grow with years of history: every list of requests, listings and
-- sitemap paths is read newest (or first) by keyset through an index that matches its filter
-- and its order, never by counting or sorting everything before it.

-- The state of a request's job ZIP and, on each recipient, when its request was completed:
-- copies kept by triggers so that the console's state filter and a listing's requests each read
-- one index in page order.
alter table public.leads add column state_id bigint references public.states (id);
alter table public.lead_recipients add column completed_at timestamptz;

create or replace function private.lead_state_id()
returns trigger language plpgsql security definer set search_path = '' as $$
begin
  new.state_id := (select c.state_id from public.postcodes p join public.cities c on c.id = p.city_id where p.code = new.location);
  return new;
end;
$$;
revoke execute on function private.lead_state_id() from public, anon, authenticated;
create trigger leads_state_id before insert or update of location on public.leads
  for each row execute function private.lead_state_id();

create or replace function private.recipient_completed_at()
returns trigger language plpgsql security definer set search_path = '' as $$
begin
  new.completed_at := (select l.completed_at from public.leads l where l.id = new.lead_id);
  return new;
end;
$$;
revoke execute on function private.recipient_completed_at() from public, anon, authenticated;
create trigger lead_recipients_completed_at before insert on public.lead_recipients
  for each row execute function private.recipient_completed_at();

update public.leads l set state_id = c.state_id
from public.postcodes p join public.cities c on c.id = p.city_id
where p.code = l.location;
update public.lead_recipients r set completed_at = l.completed_at from public.leads l where l.id = r.lead_id;

-- Completed requests newest first: all of them, by job ZIP, by state and by recipient listing.
drop index public.leads_completed_idx;
create index leads_completed_newest_idx on public.leads (completed_at desc, id desc) where completed;
create index leads_location_newest_idx on public.leads (location, completed_at desc, id desc) where completed;
create index leads_state_newest_idx on public.leads (state_id, completed_at desc, id desc) where completed;
drop index public.lead_recipients_vendor_id_idx;
create index lead_recipients_vendor_newest_idx on public.lead_recipients (vendor_id, completed_at desc, lead_id desc);

-- Listings by name (the console's list), searched by any part of their name, city's name or
-- website through one trigram index on a text that holds all three (kept by a trigger), and the
-- best rated first (the country page).
alter table public.vendors add column search_text text;

create or replace function private.vendor_search_text()
returns trigger language plpgsql security definer set search_path = '' as $$
begin
  new.search_text := concat_ws(' ', new.name,
    (select c.name from public.postcodes p join public.cities c on c.id = p.city_id where p.id = new.postcode_id),
    public.website_key(new.site));
  return new;
end;
$$;
revoke execute on function private.vendor_search_text() from public, anon, authenticated;
-- Named to run after vendors_normalize_site, whose normalized site website_key is made from.
create trigger vendors_search_text before insert or update of name, site, postcode_id on public.vendors
  for each row execute function private.vendor_search_text();
update public.vendors set name = name;

create index vendors_name_idx on public.vendors (name, id);
create index vendors_search_text_trgm_idx on public.vendors using gin (search_text extensions.gin_trgm_ops);
create index vendors_rating_idx on public.vendors (rating desc nulls last, name);

-- Paged by offset before; their keyset forms take other arguments.
drop function public.operator_lead_page(jsonb, integer, integer);
drop function public.operator_lead_filter(jsonb);
drop function public.operator_leads(integer);
drop function public.operator_vendor_page(text, integer, integer);
drop function public.sitemap_paths(integer, integer);

-- How many listed vendors each state has (by their address) and each city has (by the ZIP codes
-- they serve), kept by triggers, so the directory's place lists read a column instead of counting
-- every vendor on each view. city_vendors holds how many of a city's ZIP codes each vendor serves.
alter table public.states add column vendor_count int not null default 0;
alter table public.cities add column vendor_count int not null default 0;
create table private.city_vendors (
  city_id bigint not null references public.cities (id),
  vendor_id bigint not null,
  zips int not null check (zips >= 0),
  primary key (city_id, vendor_id)
);
create index city_vendors_vendor_id_idx on private.city_vendors (vendor_id);

insert into private.city_vendors (city_id, vendor_id, zips)
select p.city_id, s.vendor_id, count(*) from public.vendors_serviced s join public.postcodes p on p.id = s.postcode_id group by 1, 2;
update public.states st set vendor_count = x.n
from (select c.state_id, count(*)::int as n from public.vendors v join public.postcodes p on p.id = v.postcode_id
      join public.cities c on c.id = p.city_id where not v.hidden group by c.state_id) x
where x.state_id = st.id;
update public.cities c set vendor_count = x.n
from (select cv.city_id, count(*)::int as n from private.city_vendors cv join public.vendors v on v.id = cv.vendor_id
      where not v.hidden group by cv.city_id) x
where x.city_id = c.id;
create index cities_with_vendors_idx on public.cities (state_id) where vendor_count > 0;

-- The triggers count by statement, from its transition tables: a bulk import updates each
-- place's row once, not once a vendor.
create or replace function private.serviced_counts()
returns trigger language plpgsql security definer set search_path = '' as $$
begin
  if tg_op in ('DELETE', 'UPDATE') then
    update private.city_vendors cv set zips = cv.zips - x.zips
    from (select p.city_id, o.vendor_id, count(*)::int as zips from old_rows o join public.postcodes p on p.id = o.postcode_id group by 1, 2) x
    where cv.city_id = x.city_id and cv.vendor_id = x.vendor_id;
    -- A city loses a listed vendor when the last of its ZIP codes there goes.
    with gone as (
      delete from private.city_vendors cv
      using (select distinct p.city_id, o.vendor_id from old_rows o join public.postcodes p on p.id = o.postcode_id) x
      where cv.city_id = x.city_id and cv.vendor_id = x.vendor_id and cv.zips = 0
      returning cv.city_id, cv.vendor_id)
    update public.cities c set vendor_count = c.vendor_count - x.n
    from (select g.city_id, count(*)::int as n from gone g join public.vendors v on v.id = g.vendor_id where not v.hidden group by 1) x
    where c.id = x.city_id;
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    -- A city gains a listed vendor with the first of its ZIP codes there (a row just inserted has xmax 0).
    with added as (
      insert into private.city_vendors as cv (city_id, vendor_id, zips)
      select p.city_id, n.vendor_id, count(*)::int from new_rows n join public.postcodes p on p.id = n.postcode_id group by 1, 2
      on conflict (city_id, vendor_id) do update set zips = cv.zips + excluded.zips
      returning cv.city_id, cv.vendor_id, cv.xmax = 0 as first)
    update public.cities c set vendor_count = c.vendor_count + x.n
    from (select a.city_id, count(*)::int as n from added a join public.vendors v on v.id = a.vendor_id where a.first and not v.hidden group by 1) x
    where c.id = x.city_id;
  end if;
  return null;
end;
$$;
revoke execute on function private.serviced_counts() from public, anon, authenticated;
create trigger vendors_serviced_added after insert on public.vendors_serviced
  referencing new table as new_rows for each statement execute function private.serviced_counts();
create trigger vendors_serviced_changed after update on public.vendors_serviced
  referencing old table as old_rows new table as new_rows for each statement execute function private.serviced_counts();
create trigger vendors_serviced_removed after delete on public.vendors_serviced
  referencing old table as old_rows for each statement execute function private.serviced_counts();

create or replace function private.vendor_counts()
returns trigger language plpgsql security definer set search_path = '' as $$
begin
  -- Before a vendor is deleted, row by row: the ZIP codes it serves go after it and find nothing to count.
  if tg_op = 'DELETE' then
    if not old.hidden then
      update public.states st set vendor_count = st.vendor_count - 1
      from public.postcodes p join public.cities c on c.id = p.city_id where p.id = old.postcode_id and st.id = c.state_id;
      update public.cities c set vendor_count = c.vendor_count - 1
      from private.city_vendors cv where cv.vendor_id = old.id and c.id = cv.city_id;
    end if;
    delete from private.city_vendors cv where cv.vendor_id = old.id;
    return old;
  end if;
  -- After a statement that added or changed vendors: each listed vendor counts in its address's
  -- state, and in every city it serves; a change of address or of hidden moves or removes it.
  if tg_op = 'INSERT' then
    update public.states st set vendor_count = st.vendor_count + x.n
    from (select c.state_id, count(*)::int as n from new_rows n join public.postcodes p on p.id = n.postcode_id
          join public.cities c on c.id = p.city_id where not n.hidden group by 1) x
    where st.id = x.state_id;
    return null;
  end if;
  update public.states st set vendor_count = st.vendor_count + x.n
  from (select c.state_id, sum(ch.change)::int as n from (
          select n.postcode_id, 1 as change from new_rows n join old_rows o on o.id = n.id
          where not n.hidden and (n.postcode_id is distinct from o.postcode_id or o.hidden)
          union all
          select o.postcode_id, -1 from new_rows n join old_rows o on o.id = n.id
          where not o.hidden and (n.postcode_id is distinct from o.postcode_id or n.hidden)) ch
        join public.postcodes p on p.id = ch.postcode_id join public.cities c on c.id = p.city_id
        group by 1) x
  where st.id = x.state_id and x.n <> 0;
  update public.cities c set vendor_count = c.vendor_count + x.n
  from (select cv.city_id, sum(case when n.hidden then -1 else 1 end)::int as n
        from new_rows n join old_rows o on o.id = n.id join private.city_vendors cv on cv.vendor_id = n.id
        where n.hidden <> o.hidden group by 1) x
  where c.id = x.city_id;
  return null;
end;
$$;
revoke execute on function private.vendor_counts() from public, anon, authenticated;
create trigger vendors_counts_added after insert on public.vendors
  referencing new table as new_rows for each statement execute function private.vendor_counts();
create trigger vendors_counts_changed after update on public.vendors
  referencing old table as old_rows new table as new_rows for each statement execute function private.vendor_counts();
create trigger vendors_counts_removed before delete on public.vendors
  for each row execute function private.vendor_counts();

create or replace view public.states_with_vendors with (security_invoker = true) as
  select st.id as state_id, st.name as state_name, st.slug as state_slug, st.vendor_count, st.featured, st.country_id
  from public.states st where st.vendor_count > 0;
create or replace view public.cities_with_vendors with (security_invoker = true) as
  select c.id as city_id, c.name as city_name, c.slug as city_slug, c.vendor_count, st.slug as state_slug
  from public.cities c join public.states st on st.id = c.state_id where c.vendor_count > 0;

-- How quickly each vendor answers, kept on its row by a trigger whenever it answers a request:
-- when it last answered, and the median hours and count of its answers in the 90 days before
-- (vendor_responses). Listings read them instead of going through every vendor's requests.
alter table public.vendors add column last_responded_at timestamptz,
  add column response_hours int, add column response_count int;

-- Read for many vendors at once: their ids joined, not searched one by one in an array.
create or replace function private.vendor_responses(p_vendor_ids bigint[])
returns table (vendor_id bigint, hours int, count bigint) language sql stable security definer set search_path = '' as $$
  select r.vendor_id,
    greatest(ceil(percentile_cont(0.5) within group (order by extract(epoch from r.responded_at - m.sent_at) / 3600)), 1)::int,
    count(*)
  from (select distinct u.id from unnest(p_vendor_ids) u(id)) ids
  join public.lead_recipients r on r.vendor_id = ids.id
  join public.outbox_messages m on m.lead_id = r.lead_id and m.vendor_id = r.vendor_id and m.channel = 'email' and m.sent_at is not null
  where r.responded_at > now() - interval '90 days' and r.responded_at >= m.sent_at
  group by r.vendor_id
  having count(*) >= 3;
$$;

create or replace function private.vendor_response_stats()
returns trigger language plpgsql security definer set search_path = '' as $$
begin
  with answered as (
    select n.vendor_id, max(n.responded_at) as at from new_rows n where n.responded_at is not null group by 1
  )
  update public.vendors v set last_responded_at = greatest(v.last_responded_at, a.at), response_hours = x.hours, response_count = x.count
  from answered a left join private.vendor_responses(array(select vendor_id from answered)) x on x.vendor_id = a.vendor_id
  where v.id = a.vendor_id;
  return null;
end;
$$;
revoke execute on function private.vendor_response_stats() from public, anon, authenticated;
create trigger lead_recipients_answered after insert on public.lead_recipients
  referencing new table as new_rows for each statement execute function private.vendor_response_stats();
create trigger lead_recipients_answer_changed after update on public.lead_recipients
  referencing new table as new_rows for each statement execute function private.vendor_response_stats();
with answered as (
  select r.vendor_id, max(r.responded_at) as at from public.lead_recipients r where r.responded_at is not null group by 1
)
update public.vendors v set last_responded_at = a.at, response_hours = x.hours, response_count = x.count
from answered a left join private.vendor_responses(array(select vendor_id from answered)) x on x.vendor_id = a.vendor_id
where v.id = a.vendor_id;

-- Each sitemap entry has a key, its row's id, so the sitemaps read in (kind, key) order by keyset.
create or replace view public.sitemap_entries with (security_invoker = true) as
  select 1 as kind, '/' || co.slug as path, null::timestamptz as updated_at, co.id as key from public.countries co
  union all
  select 2, '/' || co.slug || '/' || st.slug, null, st.id from public.states st
    join public.countries co on co.id = st.country_id
    where st.vendor_count > 0
  union all
  select 3, '/' || co.slug || '/' || st.slug || '/' || c.slug, null, c.id from public.cities c
    join public.states st on st.id = c.state_id join public.countries co on co.id = st.country_id
    where c.vendor_count > 0
  union all
  select 4, '/' || co.slug || '/' || st.slug || '/' || c.slug || '/' || v.slug, v.updated_at, v.id
    from public.vendors v
    join public.postcodes p on p.id = v.postcode_id
    join public.cities c on c.id = p.city_id
    join public.states st on st.id = c.state_id
    join public.countries co on co.id = st.country_id
  union all
  select 5, '/us/skidsteers/' || f.slug || '/' || m.slug, null, m.id from public.equipment_models m
    join public.equipment_manufacturer f on f.id = m.manufacturer_id
  union all
  select 6, '/articles/' || a.slug, a.published_at, a.id from public.articles a;
