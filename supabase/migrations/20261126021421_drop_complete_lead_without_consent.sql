-- Replaced by the form that also stores the renter's consent record.
drop function public.complete_lead(bigint, text, text, date, date, text, text, text, boolean, boolean, text);
