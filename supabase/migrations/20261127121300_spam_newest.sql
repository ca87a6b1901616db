-- The console's spam, newest first: one request in a hundred, read from its own index rather than
-- found among all of them.
create index if not exists leads_spam_newest_idx on public.leads (completed_at desc, id desc) where completed and spam;
