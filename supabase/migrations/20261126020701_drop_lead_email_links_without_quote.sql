-- Replaced by the form that also stores the "Send a quote" link's hash.
drop function public.lead_email_links(bigint, bigint, text, text, text);
