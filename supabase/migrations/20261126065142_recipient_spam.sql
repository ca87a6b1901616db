-- Each recipient holds its request's spam mark beside its completion time, so a listing's
-- requests (the console's vendor filter, /business, the console's listing counts) are read and
-- counted from the recipients' index alone, however many years of requests it holds.
alter table public.lead_recipients add column spam boolean not null default false;
update public.lead_recipients r set spam = true from public.leads l where l.id = r.lead_id and l.spam;
