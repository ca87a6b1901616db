-- A state's later pages are reached by reading its listings without reviews by name, past those
-- before the page. With each one's response time and last answer in the index (which say whether
-- it ranks apart), that read takes them from the index alone wherever the table is vacuumed,
-- rather than from every listing's row and a sort of their names.
create index vendors_state_plain_names_idx on public.vendors (state_id, name, id) include (response_hours, last_responded_at)
  where not hidden and review_count = 0;
comment on index public.vendors_state_plain_names_idx is
  'A state''s listed vendors without reviews, by name, as its page ranks them, with whether each answered in its last 90 days.';
drop index public.vendors_state_plain_idx;
