-- What the renter keeps, and functions the API does not expose.
--
-- 1. A renter may give an email address with a request: the outbox then sends them a copy
--    ('renter_copy', one per request) with a link to the request's status page. The link's
--    token is minted when the email is rendered; only its hash is stored, as an auth link of
--    purpose 'lead_status' for that request.
-- 2. Functions that anon must be able to run inside a public read, but that nobody should
--    call on their own through the API, live in the schema private, which PostgREST does not
--    expose. vendor_response (a security definer aggregate over private tables) moves there.
-- 3. complete_lead, lead_status and withdraw_lead take new arguments: their old signatures
--    are dropped here, and supabase/functions/ defines the new ones.

alter table public.leads
  add column renter_email text check (renter_email is null or (renter_email = lower(renter_email) and public.is_email_address(renter_email)));

alter table public.lead_messages drop constraint lead_messages_lead_of_kind;
alter table public.lead_messages
  add constraint lead_messages_lead_of_kind check ((kind in ('lead', 'renter_copy')) = (lead_id is not null));

alter table public.auth_links drop constraint auth_links_purpose_check;
alter table public.auth_links
  add constraint auth_links_purpose_check check (purpose in ('sign_in', 'claim', 'lead_contacted', 'opt_out', 'lead_status'));
alter table public.auth_links drop constraint auth_links_subject_check;
alter table public.auth_links
  add constraint auth_links_subject_check check ((purpose in ('sign_in', 'lead_status')) = (vendor_id is null)
                                                 and (purpose in ('lead_contacted', 'lead_status')) = (lead_id is not null));

create schema if not exists private;
revoke all on schema private from public;
grant usage on schema private to anon, authenticated, service_role;
alter default privileges in schema private revoke execute on functions from public, anon, authenticated;

drop function public.vendor_response(bigint);
drop function public.complete_lead(bigint, text, text, date, date, text, text, text, boolean, boolean);
drop function public.withdraw_lead(bigint, text);
drop function public.lead_status(bigint, text);
