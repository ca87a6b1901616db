-- A listing's response time and rate are counted by the timed round (count_responses), not in the
-- transaction of each answer: a busy listing's first answer recounted all its answers of 90 days.
-- An answer or a silence marks the listing due instead.
alter table public.vendors add column response_due_at timestamptz;
comment on column public.vendors.response_due_at is 'Since when an answer or a silence (vendor_response_stats) waits to be counted in response_hours and response_rate by the timed round (count_responses); null when they are up to date.';
create index vendors_response_due_idx on public.vendors (response_due_at) where response_due_at is not null;
comment on index public.vendors_response_due_idx is 'The listings whose response figures the timed round is to count, the longest waiting first.';

comment on column public.vendors.response_hours is 'The median hours, rounded up, from a request''s email to the vendor''s first answer over the 90 days before it was counted (vendor_responses, counted by the timed round: count_responses); null below 3 answers.';
comment on column public.vendors.response_count is 'How many answered requests response_hours rests on, counted with it by the timed round (count_responses).';
comment on column public.vendors.response_rate is 'The percentage of requests it answered of those due in the 90 days before it was counted (private.vendor_response_rates, counted by the timed round: count_responses), with how many (response_rate_count); shown from 5.';
