-- Trigger: keeps a request's state_id, the state of its job ZIP, for the console's state filter.
create or replace function private.lead_state_id()
returns trigger language plpgsql security definer set search_path = '' as $$
begin
  new.state_id := (select c.state_id from public.postcodes p join public.cities c on c.id = p.city_id where p.code = new.location);
  return new;
end;
$$;
revoke execute on function private.lead_state_id() from public, anon, authenticated;
