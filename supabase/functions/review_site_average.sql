-- The average stars of every published review on the site (0 while there is none), from the
-- totals review_counts keeps. It reads a private table as its owner for the public pages' ranking.
create or replace function private.review_site_average()
returns numeric language sql stable security definer set search_path = '' as $$
  select coalesce(t.stars::numeric / nullif(t.count, 0), 0) from private.review_totals t;
$$;

revoke execute on function private.review_site_average() from public;
grant execute on function private.review_site_average() to anon, authenticated, service_role;
