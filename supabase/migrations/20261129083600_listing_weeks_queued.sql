-- Listings with a manager are queued once, and from here on as each gets its first manager.
create trigger vendor_managers_listing_weeks_queued after insert on public.vendor_managers
  referencing new table as new_rows for each statement execute function private.listing_weeks_queued();

insert into private.listing_weeks_due (vendor_id)
select distinct m.vendor_id from public.vendor_managers m
on conflict do nothing;
