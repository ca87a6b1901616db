-- A listing's response time and rate are counted by the timed round (count_responses), not in the
-- transaction of each answer: a busy listing's first answer recounted all its answers of 90 days.
-- An answer or a silence marks the listing due instead, in the private schema: which listings
-- just answered or were passed on is the count's business, not the public key's.
create table private.responses_due (
  vendor_id bigint primary key references public.vendors (id) on delete cascade,
  since timestamptz not null
);
create index responses_due_since_idx on private.responses_due (since, vendor_id);
comment on table private.responses_due is 'The listings whose response time and rate wait to be counted by the timed round (count_responses), since the first answer or silence after their last count (vendor_response_stats).';

comment on column public.vendors.response_hours is 'The median hours, rounded up, from a request''s email to the vendor''s first answer over the 90 days before it was counted (vendor_responses, counted by the timed round: count_responses); null below 3 answers.';
comment on column public.vendors.response_count is 'How many answered requests response_hours rests on, counted with it by the timed round (count_responses).';
comment on column public.vendors.response_rate is 'The percentage of requests it answered of those due in the 90 days before it was counted (private.vendor_response_rates, counted by the timed round: count_responses), with how many (response_rate_count); shown from 5.';
