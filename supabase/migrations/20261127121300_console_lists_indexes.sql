-- The console's spam, newest first: one request in a hundred, read from its own index rather than
-- found among all of them.
create index if not exists leads_spam_newest_idx on public.leads (completed_at desc, id desc) where completed and spam;
-- The console's paused listings, from their own index rather than every listing.
create index if not exists vendors_paused_idx on public.vendors (leads_paused_at desc) where leads_paused_at is not null;
