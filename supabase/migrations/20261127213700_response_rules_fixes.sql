-- A vendor says "Not available for these dates" once: when it did is kept, so a later status cannot
-- clear it and let it hand the request on again.
alter table public.lead_recipients add column declined_at timestamptz;
comment on column public.lead_recipients.declined_at is 'When the vendor answered "Not available for these dates" (its status then unavailable); a request is declined and handed on from a vendor once.';
update public.lead_recipients set declined_at = status_at where status = 'unavailable';
