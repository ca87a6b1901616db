-- Takes photo files the store has deleted off the deletion queue; returns how many. The paths are
-- joined to the queue's key rather than matched as an array (= any), which the planner may answer
-- by comparing every queued row with every path.
create or replace function public.photo_deletions_done(p_paths text[])
returns int language sql security definer set search_path = '' as $$
  with gone as (delete from private.photo_deletions d using unnest(p_paths) p(path) where d.path = p.path returning 1)
  select count(*)::int from gone;
$$;

revoke execute on function public.photo_deletions_done(text[]) from public, anon, authenticated;
grant execute on function public.photo_deletions_done(text[]) to service_role;
