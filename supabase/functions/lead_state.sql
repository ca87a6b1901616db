-- A request's state in its life (private.lead_transitions): the stored state, except that a sent or
-- booked request whose rental has ended is "over".
create or replace function private.lead_state(p_state text, p_rental_end_date date)
returns text language sql stable set search_path = '' as $$
  select case when p_state in ('sent', 'booked') and p_rental_end_date < current_date then 'over' else p_state end;
$$;

revoke execute on function private.lead_state(text,date) from public, anon, authenticated;
