-- Claims up to p_batch photo files queued for deletion (private.photo_deletions) for five minutes
-- and returns their paths; the caller deletes them from the store and then their rows
-- (photo_deletions_done). Rows another instance holds are skipped; a claim that lapses (its
-- instance stopped) is taken again.
create or replace function public.photo_deletions_claim(p_batch int default 100)
returns text[] language sql security definer set search_path = '' as $$
  with taken as (
    select d.path from private.photo_deletions d
    where d.claimed_until is null or d.claimed_until < now()
    order by d.queued_at
    limit least(greatest(coalesce(p_batch, 100), 1), 1000) for update skip locked),
  claimed as (
    update private.photo_deletions d set claimed_until = now() + interval '5 minutes'
    from taken t where d.path = t.path returning d.path)
  select coalesce(array_agg(c.path), '{}') from claimed c;
$$;

revoke execute on function public.photo_deletions_claim(int) from public, anon, authenticated;
grant execute on function public.photo_deletions_claim(int) to service_role;
