-- The listed vendors per block of 1,024 ids (private.sitemap_blocks), for the sitemap's file starts:
-- it reads a private table as its owner.
create or replace function private.sitemap_blocks_listed()
returns table (block bigint, listed int) language sql stable security definer set search_path = '' as $$
  select b.block, b.listed from private.sitemap_blocks b where b.listed > 0;
$$;

revoke execute on function private.sitemap_blocks_listed() from public;
grant execute on function private.sitemap_blocks_listed() to anon, authenticated, service_role;
