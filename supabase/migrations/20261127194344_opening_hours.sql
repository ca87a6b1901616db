-- Written by npm run db:migration from supabase/functions/ (edit those files, not this one).

-- supabase/functions/weekday.sql
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

-- supabase/functions/opening_hours.sql
-- A listing's opening hours, read from what its business wrote ("Mon-Fri 7am-5pm, Sat 8am-12pm",
-- "Weekdays 7:00-17:00; Sun closed"): for each day of the week (ISO, Monday first) its opening and
-- closing minute, or null when closed. Null when the text is empty or any part of it cannot be read,
-- so that a reader falls back to its default rather than to a misreading.
create or replace function private.opening_hours(p_text text)
returns jsonb language plpgsql immutable set search_path = '' as $$
declare
  part text;
  m text[];
  days int[];
  opens int;
  closes int;
  week jsonb := '[null, null, null, null, null, null, null]'::jsonb;
  any_day boolean := false;
  d int;
begin
  if p_text is null or trim(p_text) = '' then
    return null;
  end if;
  foreach part in array regexp_split_to_array(lower(trim(p_text)), '\s*[,;\n]\s*') loop
    continue when part = '';
    if part ~ 'closed' then
      continue;
    end if;
    m := regexp_match(part,
      '^([a-z]+)(?:\s*(?:-|–|to)\s*([a-z]+))?:?\s+(\d{1,2})(?::(\d{2}))?\s*(am|pm|a\.m\.|p\.m\.)?\s*(?:-|–|to)\s*(\d{1,2})(?::(\d{2}))?\s*(am|pm|a\.m\.|p\.m\.)?$');
    if m is null then
      return null;
    end if;
    days := case
      when m[1] in ('daily', 'everyday') then array[1, 2, 3, 4, 5, 6, 7]
      when m[1] in ('weekdays') then array[1, 2, 3, 4, 5]
      else (select array_agg(g) from generate_series(private.weekday(m[1]), coalesce(private.weekday(m[2]), private.weekday(m[1]))) g)
    end;
    if days is null then
      return null;
    end if;
    -- With am or pm a 12-hour clock; without, the hour as written (a 24-hour clock).
    opens := case when m[5] is null then m[3]::int else m[3]::int % 12 + case when m[5] like 'p%' then 12 else 0 end end * 60
             + coalesce(m[4]::int, 0);
    closes := case when m[8] is null then m[6]::int else m[6]::int % 12 + case when m[8] like 'p%' then 12 else 0 end end * 60
              + coalesce(m[7]::int, 0);
    -- "7-5" means 7 am to 5 pm; "7:00-17:00" reads as written.
    if m[8] is null and closes <= opens and m[6]::int < 12 then
      closes := closes + 12 * 60;
    end if;
    if closes <= opens or closes > 24 * 60 then
      return null;
    end if;
    foreach d in array days loop
      week := jsonb_set(week, array[(d - 1)::text], jsonb_build_array(opens, closes));
      any_day := true;
    end loop;
  end loop;
  return case when any_day then week end;
end;
$$;

revoke execute on function private.opening_hours(text) from public, anon, authenticated;

-- supabase/functions/business_hours_after.sql
-- When p_hours of a vendor's business hours have passed after p_from: its opening hours as its
-- listing gives them (private.opening_hours), else 8 am to 6 pm, Monday to Friday, in its state's
-- local time (public.states.time_zone).
create or replace function private.business_hours_after(p_vendor_id bigint, p_from timestamptz, p_hours int)
returns timestamptz language plpgsql stable security definer set search_path = '' as $$
declare
  zone constant text := coalesce(
    (select s.time_zone from public.vendors v join public.states s on s.id = v.state_id where v.id = p_vendor_id), 'America/Chicago');
  local constant timestamp := p_from at time zone zone;
  remaining interval := make_interval(hours => p_hours);
  day date := (p_from at time zone zone)::date;
  week constant jsonb := coalesce(private.opening_hours((select v.hours from public.vendors v where v.id = p_vendor_id)),
    '[[480, 1080], [480, 1080], [480, 1080], [480, 1080], [480, 1080], null, null]'::jsonb);
  today jsonb;
  starts timestamp;
  closes timestamp;
begin
  loop
    today := week->(extract(isodow from day)::int - 1);
    if jsonb_typeof(today) = 'array' then
      starts := greatest(day + make_interval(mins => (today->>0)::int), local);
      closes := day + make_interval(mins => (today->>1)::int);
      if starts < closes then
        if starts + remaining <= closes then
          return (starts + remaining) at time zone zone;
        end if;
        remaining := remaining - (closes - starts);
      end if;
    end if;
    day := day + 1;
  end loop;
end;
$$;

revoke execute on function private.business_hours_after(bigint,timestamptz,int) from public, anon, authenticated;
