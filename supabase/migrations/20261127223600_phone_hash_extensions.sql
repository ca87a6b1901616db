-- Phones typed with a "#" extension are read as E.164 now (private.phone_e164): their generated
-- numbers are written again.
update public.leads set phone = phone where phone like '%#%' and phone_e164 is null;
update public.vendors set phone = phone where phone like '%#%' and phone_e164 is null;
