-- private.sitemap_blocks starts with the listed vendors so far; vendors are held still while they
-- are counted, so no change made since the trigger began keeping the blocks is counted twice.
lock table public.vendors in share mode;
delete from private.sitemap_blocks;
insert into private.sitemap_blocks (block, listed)
select v.id / 1024, count(*)::int from public.vendors v where v.postcode_id is not null and not v.hidden group by 1;
