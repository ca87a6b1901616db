-- The console's reported queue is read newest first by keyset (operator_review_page): its index
-- holds the reported published reviews in that order.
drop index public.reviews_reported_idx;
create index reviews_reported_idx on public.reviews (created_at, id) where status = 'published' and reported_at is not null;
