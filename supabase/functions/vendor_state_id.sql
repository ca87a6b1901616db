-- Trigger: keeps a listing's state, that of its address, on its row for the state's page.
create or replace function private.vendor_state_id()
returns trigger language plpgsql security definer set search_path = '' as $$
begin
  new.state_id := (select c.state_id from public.postcodes p join public.cities c on c.id = p.city_id where p.id = new.postcode_id);
  return new;
end;
$$;
revoke execute on function private.vendor_state_id() from public, anon, authenticated;
