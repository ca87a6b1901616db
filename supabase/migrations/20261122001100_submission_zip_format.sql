-- A submitted business's ZIP code is a US ZIP: 5 digits, or ZIP+4.
alter table public.vendors_submissions
  add constraint vendors_submissions_postal_code_format check (postal_code ~ '^[0-9]{5}(-[0-9]{4})?$');
