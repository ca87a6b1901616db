-- One trigger keeps a listing's state and city (vendor_place, in place of vendor_state_id), and
-- fills the city of any listing added or moved since the column was filled.
drop trigger vendors_state_id on public.vendors;
drop function private.vendor_state_id();
create trigger vendors_place before insert or update of postcode_id on public.vendors
  for each row execute function private.vendor_place();
update public.vendors v set city_id = p.city_id from public.postcodes p where p.id = v.postcode_id and v.city_id is distinct from p.city_id;
comment on column public.vendors.state_id is 'The state of the address''s ZIP code, a copy kept by the vendor_place trigger so a state page reads its listings from one index.';
update public.vendors set city_id = null where postcode_id is null and city_id is not null;
