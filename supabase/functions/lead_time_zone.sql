-- The time zone of a request's job site: its ZIP code's state's (America/Chicago when unknown).
-- PL/pgSQL, whose plan is kept for the session: lists read it per row, and a SQL function
-- called per row is planned anew each time.
create or replace function private.lead_time_zone(p_lead_id bigint)
returns text language plpgsql stable security definer set search_path = '' as $$
begin
  return coalesce((select s.time_zone from public.leads l join public.states s on s.id = l.state_id where l.id = p_lead_id),
                  'America/Chicago');
end;
$$;

revoke execute on function private.lead_time_zone(bigint) from public, anon, authenticated;
