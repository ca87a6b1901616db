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
