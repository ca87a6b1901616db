-- Written by npm run db:migration from supabase/functions/ (edit those files, not this one).

-- supabase/functions/sitemap_blocks_listed.sql
-- The listed vendors per block of 1,024 ids (private.sitemap_blocks), for the sitemap's file starts:
-- it reads a private table as its owner.
create or replace function private.sitemap_blocks_listed()
returns table (block bigint, listed int) language sql stable security definer set search_path = '' as $$
  select b.block, b.listed from private.sitemap_blocks b where b.listed > 0;
$$;

revoke execute on function private.sitemap_blocks_listed() from public;
grant execute on function private.sitemap_blocks_listed() to anon, authenticated, service_role;

-- supabase/functions/sitemap_file_starts.sql
-- Where each sitemap file after the first starts: the kind and key of the entry before it, when
-- files hold p_per_file entries and the first holds p_first_file (the rest of it is static
-- pages). The entries are counted by kind, and each start is read at its place in its kind's key
-- order, not by numbering every entry. The listings, nearly all the entries, are counted per block
-- of ids (private.sitemap_blocks_listed): a start is found among the blocks' counts, then read within its
-- block through the index of listed vendors (the listings sitemap_entries has, as visitors see
-- them), rather than through every listing before it. Read once for the whole index by its cache.
create or replace function public.sitemap_file_starts(p_first_file int, p_per_file int)
returns table (file int, after_kind int, after_key bigint) language sql stable set search_path = '' as $$
  with blocks as (
    select b.block, sum(b.listed) over (order by b.block) - b.listed as before, sum(b.listed) over (order by b.block) as through
    from private.sitemap_blocks_listed() b
  ), kinds as (
    select s.kind, count(*) as entries from public.sitemap_entries s where s.kind <> 4 group by s.kind
    union all
    select 4, coalesce(sum(b.listed), 0) from private.sitemap_blocks_listed() b
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
         case when sp.kind = 4
           then (select v.id from blocks b
                 cross join lateral (select v.id from public.vendors v
                                     where v.postcode_id is not null and not v.hidden
                                       and v.id >= b.block * 1024 and v.id < (b.block + 1) * 1024
                                     order by v.id offset st.at - sp.before - b.before - 1 limit 1) v
                 where st.at - sp.before > b.before and st.at - sp.before <= b.through)
           else (select s.key from public.sitemap_entries s where s.kind = sp.kind and s.kind <> 4
                 order by s.key offset st.at - sp.before - 1 limit 1) end
  from starts st
  join spans sp on st.at > sp.before and st.at <= sp.through;
$$;

revoke execute on function public.sitemap_file_starts(integer,integer) from public;
grant execute on function public.sitemap_file_starts(integer,integer) to anon, authenticated, service_role;

-- supabase/functions/vendor_counts.sql
-- Trigger: keeps the states' and cities' vendor counts, and the sitemap's listings per block of
-- ids (private.sitemap_blocks), as vendors are added, moved, hidden, shown (by statement) or
-- deleted (by row). Blocks are written in their order, so that two bulk statements never wait on
-- each other's blocks in turn.
create or replace function private.vendor_counts()
returns trigger language plpgsql security definer set search_path = '' as $$
declare
  changed bigint;
begin
  -- Before a vendor is deleted, row by row: the ZIP codes it serves go after it and find nothing to count.
  if tg_op = 'DELETE' then
    if not old.hidden then
      update public.states st set vendor_count = st.vendor_count - 1
      from public.postcodes p join public.cities c on c.id = p.city_id where p.id = old.postcode_id and st.id = c.state_id;
      update public.cities c set vendor_count = c.vendor_count - 1
      from private.city_vendors cv where cv.vendor_id = old.id and c.id = cv.city_id;
      update private.sitemap_blocks b set listed = b.listed - 1 where b.block = old.id / 1024 and old.postcode_id is not null;
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
    insert into private.sitemap_blocks (block, listed)
    select n.id / 1024, count(*)::int from new_rows n where not n.hidden and n.postcode_id is not null group by 1 order by 1
    on conflict (block) do update set listed = private.sitemap_blocks.listed + excluded.listed;
    return null;
  end if;
  -- Planned on each call (execute): a plan kept from a call of a few rows would join a bulk update's
  -- old and new rows in a nested loop. Most updates (an edit, a response time, a claim) neither
  -- move, hide nor show a vendor: they stop after counting so, before the counts' statements are
  -- planned (a count, as "exists" would join the rows pair by pair).
  execute 'select count(*) from new_rows n join old_rows o on o.id = n.id
           where n.hidden <> o.hidden or n.postcode_id is distinct from o.postcode_id' into changed;
  if changed = 0 then
    return null;
  end if;
  execute 'update public.states st set vendor_count = st.vendor_count + x.n
      from (select c.state_id, sum(ch.change)::int as n from (
              select n.postcode_id, 1 as change from new_rows n join old_rows o on o.id = n.id
              where not n.hidden and (n.postcode_id is distinct from o.postcode_id or o.hidden)
              union all
              select o.postcode_id, -1 from new_rows n join old_rows o on o.id = n.id
              where not o.hidden and (n.postcode_id is distinct from o.postcode_id or n.hidden)) ch
            join public.postcodes p on p.id = ch.postcode_id join public.cities c on c.id = p.city_id
            group by 1) x
      where st.id = x.state_id and x.n <> 0';
  execute 'update public.cities c set vendor_count = c.vendor_count + x.n
      from (select cv.city_id, sum(case when n.hidden then -1 else 1 end)::int as n
            from new_rows n join old_rows o on o.id = n.id join private.city_vendors cv on cv.vendor_id = n.id
            where n.hidden <> o.hidden group by 1) x
      where c.id = x.city_id';
  execute 'insert into private.sitemap_blocks (block, listed)
      select n.id / 1024, sum(case when not n.hidden and n.postcode_id is not null then 1 else -1 end)::int
      from new_rows n join old_rows o on o.id = n.id
      where (not n.hidden and n.postcode_id is not null) <> (not o.hidden and o.postcode_id is not null)
      group by 1 having sum(case when not n.hidden and n.postcode_id is not null then 1 else -1 end) <> 0 order by 1
      on conflict (block) do update set listed = private.sitemap_blocks.listed + excluded.listed';
  return null;
end;
$$;
revoke execute on function private.vendor_counts() from public, anon, authenticated;
