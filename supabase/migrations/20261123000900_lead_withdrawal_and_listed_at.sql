-- A renter can withdraw a request from its private status page: the vendors that have not
-- been sent it never are, and those that have see it was withdrawn.
alter table public.leads add column withdrawn_at timestamptz;

-- When a listing went public through the operator (an approved submission or an import):
-- such a listing is marked "New" for 30 days. The sample listings have no such date.
alter table public.vendors add column listed_at timestamptz;
