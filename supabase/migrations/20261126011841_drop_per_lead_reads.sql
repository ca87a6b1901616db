-- Replaced by lead_recipient_lists and operator_lead_list, which read many leads at once.
drop function public.lead_recipients_json(bigint);
drop function public.operator_lead_json(public.leads);
