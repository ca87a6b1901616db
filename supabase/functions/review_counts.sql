-- Trigger (by row, so that two reviews of one listing published at once each add their own): keeps
-- each listing's published reviews in figures on its row, and the site's in private.review_totals.
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
