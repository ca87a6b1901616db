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
    select 4, coalesce(max(b.through), 0) from blocks b
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
