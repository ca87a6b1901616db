-- The sitemap files start at fixed numbers of entries, nearly all of them listings. Finding a start
-- by reading every listing before it grew with the directory; the listings are counted per block
-- of 1,024 ids instead, so a start is found among the blocks' counts and then within one block.
create table private.sitemap_blocks (
  block bigint primary key,
  listed int not null
);
comment on table private.sitemap_blocks is 'How many listed vendors (not hidden, with an address) have an id from block x 1,024 to the next block, for sitemap_file_starts; kept by private.vendor_counts.';
