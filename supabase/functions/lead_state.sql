-- A request's state in its life (private.lead_transitions): the stored state, except that a request
-- whose rental has ended before the machine was delivered (sent, booked, confirmed, on its way) is "over".
create or replace function private.lead_state(p_state text, p_rental_end_date date)
returns text language sql stable set search_path = '' as $$
  select case when p_state in ('sent', 'booked', 'confirmed', 'on_the_way') and p_rental_end_date < current_date then 'over' else p_state end;
$$;

revoke execute on function private.lead_state(text,date) from public, anon, authenticated;
