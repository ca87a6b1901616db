-- Trigger: keeps a listing's state and city, those of its address's ZIP code (null without one), on
-- its row, so that a state page and the listings nearest a ZIP code read them from indexes of their own.
create or replace function private.vendor_place()
returns trigger language plpgsql security definer set search_path = '' as $$
begin
  select c.state_id, c.id into new.state_id, new.city_id
  from public.postcodes p join public.cities c on c.id = p.city_id
  where p.id = new.postcode_id;
  return new;
end;
$$;
revoke execute on function private.vendor_place() from public, anon, authenticated;
