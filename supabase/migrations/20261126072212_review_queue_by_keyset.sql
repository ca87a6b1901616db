-- The console's review queues are read by keyset (operator_review_page, by review instead of by
-- offset), through an index in each queue's order.
drop function public.operator_review_page(text, integer, integer);
drop index public.reviews_queue_idx;
create index reviews_queue_idx on public.reviews (status, created_at, id);
