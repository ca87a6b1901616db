-- The console's "delivery failed" filter reads the requests with a failed message from a table of
-- their own, in the page's order, rather than every failed message and then each one's request:
-- failed messages stay with their requests and grow with the site's history.
-- No foreign key to leads: its check would lock a request's row from the drain's transaction,
-- which holds the message, while withdrawing, marking spam or erasing holds the request and waits
-- for its messages. Only drafts are ever deleted, and they have no messages.
create table private.failed_deliveries (
  lead_id bigint primary key,
  completed_at timestamptz not null
);
create index failed_deliveries_completed_idx on private.failed_deliveries (completed_at, lead_id);
comment on table private.failed_deliveries is 'The completed requests with a failed message, and when each was sent, for the console''s "delivery failed" filter; kept by private.failed_deliveries_kept from outbox_messages.';
