-- A listing's city, that of its address's ZIP code, kept on its row beside its state (by the
-- vendor_place trigger, from the next migrations), so that the listings nearest a ZIP code are read
-- best first from each city's own index rather than sorted from every listing of a big city. The
-- key is added after the rows are filled, so that it is checked in one pass.
alter table public.vendors add column city_id bigint;
update public.vendors v set city_id = p.city_id from public.postcodes p where p.id = v.postcode_id;
alter table public.vendors add constraint vendors_city_id_fkey foreign key (city_id) references public.cities (id);
comment on column public.vendors.city_id is 'The city of the address''s ZIP code, a copy kept by the vendor_place trigger so the listings nearest a ZIP code are read best first from one index.';
create index vendors_city_rank_idx on public.vendors (city_id, review_count desc, rating desc nulls last, name, id) where not hidden;
comment on index public.vendors_city_rank_idx is 'Each city''s listed listings best first, as the listings nearest a ZIP code rank them (vendors_nearest).';
-- Its predecessor, which gave each ZIP code's listings with what ranks them, unsorted.
drop index public.vendors_postcode_rank_idx;
