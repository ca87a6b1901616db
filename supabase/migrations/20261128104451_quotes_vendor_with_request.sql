-- A listing's 90-day win rate on /business counts the requests it quoted from this index alone,
-- without reading each quote's row (business_leads).
create index quotes_vendor_with_request_idx on public.quotes (vendor_id, created_at desc) include (lead_id);
drop index public.quotes_vendor_idx;
alter index public.quotes_vendor_with_request_idx rename to quotes_vendor_idx;
comment on index public.quotes_vendor_idx is 'A listing''s quotes by when they were sent, with their request: the requests it quoted in 90 days (business_leads).';
