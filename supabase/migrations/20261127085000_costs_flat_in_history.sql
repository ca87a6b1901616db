-- Costs flat in history, for what quotes, bookings and privacy added.

-- Every foreign key that a delete cascades through, or checks, has an index: deleting a draft
-- read every emailed link without one.
create index if not exists auth_links_lead_idx on public.auth_links (lead_id) where lead_id is not null;
create index if not exists auth_links_vendor_idx on public.auth_links (vendor_id) where vendor_id is not null;
create index if not exists vendors_submissions_vendor_idx on public.vendors_submissions (vendor_id) where vendor_id is not null;
create index if not exists vendor_claims_vendor_idx on public.vendor_claims (vendor_id);
create index if not exists vendor_change_requests_vendor_idx on public.vendor_change_requests (vendor_id);

-- A browser's requests ("Your requests", its drafts) by its owner token's hash.
create index if not exists leads_owner_idx on public.leads (owner_token_hash);

-- The console's filters: requests with a failed or an undelivered message, read from the few such
-- messages; booked and quoted requests, and those that reached no vendor, newest first, from their own indexes.
create index if not exists outbox_messages_failed_lead_idx on public.outbox_messages (lead_id) where status = 'failed';
-- Sign-in and claim link emails, forgotten a week after (retention_run).
create index if not exists outbox_messages_link_emails_idx on public.outbox_messages (created_at)
  where kind in ('sign_in', 'claim_link') and status in ('sent', 'failed');
create index if not exists outbox_messages_open_lead_idx on public.outbox_messages (lead_id) where status in ('pending', 'sending');
create index if not exists leads_booked_newest_idx on public.leads (completed_at desc, id desc) include (spam) where completed and state = 'booked';

alter table public.leads add column if not exists no_recipients boolean not null default false;
comment on column public.leads.no_recipients is 'The request was sent and reached no vendor (complete_lead; recipients are never added later).';
update public.leads l set no_recipients = true
where l.completed and not exists (select 1 from public.lead_recipients r where r.lead_id = l.id);
create index if not exists leads_no_recipients_newest_idx on public.leads (completed_at desc, id desc) include (spam)
  where completed and no_recipients;

alter table public.leads add column if not exists quoted_at timestamptz;
comment on column public.leads.quoted_at is 'When a vendor first quoted the request (kept by the quotes_quoted_at trigger).';
update public.leads l set quoted_at = q.at
from (select q.lead_id, min(q.created_at) as at from public.quotes q group by q.lead_id) q
where q.lead_id = l.id and l.quoted_at is null;
create index if not exists leads_quoted_newest_idx on public.leads (completed_at desc, id desc) include (spam)
  where completed and quoted_at is not null;

-- supabase/functions/lead_quoted_at.sql
-- Trigger (by statement): notes on each request when a vendor first quoted it, so that the console
-- reads quoted requests newest first from one index (quote_save holds the request's lock already).
create or replace function private.lead_quoted_at()
returns trigger language plpgsql security definer set search_path = '' as $$
begin
  update public.leads l set quoted_at = q.at
  from (select n.lead_id, min(n.created_at) as at from new_rows n group by n.lead_id) q
  where l.id = q.lead_id and l.quoted_at is null;
  return null;
end;
$$;

revoke execute on function private.lead_quoted_at() from public, anon, authenticated;
create trigger quotes_quoted_at after insert on public.quotes
  referencing new table as new_rows for each statement execute function private.lead_quoted_at();

-- The sitemaps count and number their entries by key alone: the joins that build a listing's path
-- are left joins along keys that cannot be null (a listing with a ZIP code has its city, state and
-- country), which the planner leaves out when only kind and key are read.
-- The listed vendors in key order, as the sitemap reads them (visitors see listed vendors only).
create index if not exists vendors_listed_idx on public.vendors (id) where postcode_id is not null and not hidden;
create or replace view public.sitemap_entries with (security_invoker = true) as
  select 1 as kind, '/' || co.slug as path, null::timestamptz as updated_at, co.id as key from public.countries co
  union all
  select 2, '/' || co.slug || '/' || st.slug, null, st.id from public.states st
    left join public.countries co on co.id = st.country_id
    where st.vendor_count > 0
  union all
  select 3, '/' || co.slug || '/' || st.slug || '/' || c.slug, null, c.id from public.cities c
    left join public.states st on st.id = c.state_id left join public.countries co on co.id = st.country_id
    where c.vendor_count > 0
  union all
  select 4, '/' || co.slug || '/' || st.slug || '/' || c.slug || '/' || v.slug, v.updated_at, v.id
    from public.vendors v
    left join public.postcodes p on p.id = v.postcode_id
    left join public.cities c on c.id = p.city_id
    left join public.states st on st.id = c.state_id
    left join public.countries co on co.id = st.country_id
    where v.postcode_id is not null
  union all
  select 5, '/us/skidsteers/' || f.slug || '/' || m.slug, null, m.id from public.equipment_models m
    join public.equipment_manufacturer f on f.id = m.manufacturer_id
  union all
  select 6, '/articles/' || a.slug, a.published_at, a.id from public.articles a;

-- A request's status change recomputes its vendor's response time only when it is the vendor's answer.
drop trigger if exists lead_recipients_answer_changed on public.lead_recipients;
create trigger lead_recipients_answer_changed after update on public.lead_recipients
  referencing old table as old_rows new table as new_rows for each statement execute function private.vendor_response_stats();

-- A response time is read from the recipients' rows alone: each notes when its email was sent.
alter table public.lead_recipients add column if not exists emailed_at timestamptz;
comment on column public.lead_recipients.emailed_at is 'When the request''s email to this vendor was sent (recipient_emailed_at), from which its response time counts.';
-- Only answers of the last 90 days count, and only requests of that time can still be answered in it.
update public.lead_recipients r set emailed_at = m.sent_at
from public.outbox_messages m
where m.lead_id = r.lead_id and m.vendor_id = r.vendor_id and m.kind = 'lead' and m.channel = 'email' and m.sent_at is not null
  and (r.responded_at > now() - interval '90 days' or r.completed_at > now() - interval '90 days');
create index if not exists lead_recipients_vendor_answers_idx on public.lead_recipients (vendor_id, responded_at) include (emailed_at)
  where responded_at is not null;
drop index if exists public.lead_recipients_vendor_responded_idx;

-- supabase/functions/recipient_emailed_at.sql
-- Trigger: when a request's email to a vendor is sent, notes the time on the vendor's recipient row,
-- from which its response times are read (vendor_responses) without reading the messages.
create or replace function private.recipient_emailed_at()
returns trigger language plpgsql security definer set search_path = '' as $$
begin
  update public.lead_recipients r set emailed_at = new.sent_at
  where r.lead_id = new.lead_id and r.vendor_id = new.vendor_id and r.emailed_at is distinct from new.sent_at;
  return null;
end;
$$;

revoke execute on function private.recipient_emailed_at() from public, anon, authenticated;
create trigger outbox_messages_recipient_emailed after insert or update of sent_at on public.outbox_messages
  for each row when (new.kind = 'lead' and new.channel = 'email' and new.sent_at is not null)
  execute function private.recipient_emailed_at();

-- A card reads its lowest day rate itself, and a page sorted by price reads all of them at once
-- (private.lowest_day_rates): the one-vendor function is no longer called.
drop function if exists public.lowest_day_rate(bigint);
