-- Vendors answer their leads: each recipient's status (contacted, quoted, won, lost, not a
-- fit) with a reason, and when it first responded; a vendor can stop receiving leads; and
-- the links a lead email carries (I've contacted this customer, stop sending me requests).
alter table public.lead_recipients
  add column status text check (status in ('contacted', 'quoted', 'won', 'lost', 'not_a_fit')),
  add column status_reason text check (length(status_reason) <= 500),
  add column status_at timestamptz,
  add column responded_at timestamptz;
create index lead_recipients_vendor_responded_idx on public.lead_recipients (vendor_id, responded_at) where responded_at is not null;

alter table public.vendors add column leads_paused_at timestamptz;

alter table public.auth_links
  drop constraint auth_links_purpose_check,
  drop constraint auth_links_check,
  add column lead_id bigint references public.leads (id) on delete cascade,
  add constraint auth_links_purpose_check check (purpose in ('sign_in', 'claim', 'lead_contacted', 'opt_out')),
  add constraint auth_links_subject_check check (
    (purpose = 'sign_in') = (vendor_id is null) and (purpose = 'lead_contacted') = (lead_id is not null));
