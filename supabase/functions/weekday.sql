-- A day's name as people shorten it (mon, tues, thurs, saturday...) as its ISO number (Monday 1); null for anything else.
create or replace function private.weekday(p_name text)
returns int language sql immutable set search_path = '' as $$
  select case
    when p_name ~ '^mon(day)?$' then 1
    when p_name ~ '^tue(s|sday)?$' then 2
    when p_name ~ '^wed(s|nesday)?$' then 3
    when p_name ~ '^thu(r|rs|rsday)?$' then 4
    when p_name ~ '^fri(day)?$' then 5
    when p_name ~ '^sat(urday)?$' then 6
    when p_name ~ '^sun(day)?$' then 7
  end;
$$;

revoke execute on function private.weekday(text) from public, anon, authenticated;
