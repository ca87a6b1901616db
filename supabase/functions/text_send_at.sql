-- When a text queued at p_at may be sent: at once, unless it is 9 pm to 8 am in the recipient's
-- time zone (p_zone), then at 8 am there; a text about a rental starting within 24 hours (its
-- first day, p_starts, begins in that zone within a day after p_at, and has not begun) is sent at once.
create or replace function private.text_send_at(p_zone text, p_at timestamptz, p_starts date)
returns timestamptz language sql stable set search_path = '' as $$
  select case
    when p_starts is not null and (p_starts::timestamp at time zone p_zone) between p_at and p_at + interval '24 hours' then p_at
    when (p_at at time zone p_zone)::time >= time '21:00'
      then (((p_at at time zone p_zone)::date + 1) + time '08:00') at time zone p_zone
    when (p_at at time zone p_zone)::time < time '08:00'
      then ((p_at at time zone p_zone)::date + time '08:00') at time zone p_zone
    else p_at
  end;
$$;

revoke execute on function private.text_send_at(text,timestamptz,date) from public, anon, authenticated;
