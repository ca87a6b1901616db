-- A listing's first quotes by when, with their request, read whole from the index for its charts on /business.
create index quotes_vendor_first_idx on public.quotes (vendor_id, created_at) include (lead_id) where revision = 1;
comment on index public.quotes_vendor_first_idx is 'A listing''s first quotes by when they were sent, with their request: the /business charts'' weekly quotes and wins.';
