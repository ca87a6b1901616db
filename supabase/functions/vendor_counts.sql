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
