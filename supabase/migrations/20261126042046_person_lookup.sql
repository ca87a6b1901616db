-- A person's requests found by phone number (its last 10 digits, however it was typed) or email
-- address without reading every request.
create index leads_phone_digits_idx on public.leads (right(regexp_replace(phone, '\D', '', 'g'), 10)) where phone <> '';
create index leads_renter_email_idx on public.leads (renter_email) where renter_email is not null;
