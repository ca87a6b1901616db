-- A listing's city, that of its address's ZIP code, kept on its row beside its state by one trigger
-- (vendor_place, in place of vendor_state_id), so that the listings nearest a ZIP code are read best
-- first from each city's own index rather than sorted from every listing of a big city.
alter table public.vendors add column city_id bigint references public.cities (id);
comment on column public.vendors.city_id is 'The city of the address''s ZIP code, a copy kept by the vendor_place trigger so the listings nearest a ZIP code are read best first from one index.';
comment on column public.vendors.state_id is 'The state of the address''s ZIP code, a copy kept by the vendor_place trigger so a state page reads its listings from one index.';
drop trigger vendors_state_id on public.vendors;
drop function private.vendor_state_id();
create trigger vendors_place before insert or update of postcode_id on public.vendors
  for each row execute function private.vendor_place();
update public.vendors v set city_id = p.city_id from public.postcodes p where p.id = v.postcode_id and v.city_id is distinct from p.city_id;
create index vendors_city_rank_idx on public.vendors (city_id, review_count desc, rating desc nulls last, name, id) where not hidden;
