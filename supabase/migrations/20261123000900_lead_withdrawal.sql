-- A renter can withdraw a request from its private status page: the vendors that have not
-- been sent it never are, and those that have see it was withdrawn.
alter table public.leads add column withdrawn_at timestamptz;
