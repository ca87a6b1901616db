-- A listing's response rate (vendor_response_rates) reads its requests of 90 days that it answered
-- or was passed on, from an index of those alone: with the listings the timed round counts
-- together (count_responses), the planner otherwise read every recipient row.
create index lead_recipients_vendor_due_idx on public.lead_recipients (vendor_id, completed_at) include (responded_at)
  where responded_at is not null or passed_at is not null;
comment on index public.lead_recipients_vendor_due_idx is 'A listing''s requests it answered or was passed on, by when they were sent, for its response rate.';
