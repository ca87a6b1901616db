-- The business dashboard reads the requests of all its listings in one call, newest first and
-- paged (supabase/functions/business_leads.sql), instead of one call per listing.
drop function public.business_leads(text, bigint);
