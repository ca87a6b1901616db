-- The time zone of a request's job site: its ZIP code's state's (America/Chicago when unknown).
create or replace function private.lead_time_zone(p_lead_id bigint)
returns text language sql stable security definer set search_path = '' as $$
  select coalesce((select s.time_zone from public.leads l join public.states s on s.id = l.state_id where l.id = p_lead_id), 'America/Chicago');
$$;

revoke execute on function private.lead_time_zone(bigint) from public, anon, authenticated;
