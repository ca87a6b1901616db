-- Recipients' copies of their request's completion time and spam mark, kept by triggers, and
-- the index that reads a listing's requests holding the mark.
drop trigger lead_recipients_completed_at on public.lead_recipients;
drop function private.recipient_completed_at();
create trigger lead_recipients_request_copies before insert on public.lead_recipients
  for each row execute function private.recipient_request_copies();
create trigger leads_spam_to_recipients after update of spam on public.leads
  for each row when (old.spam is distinct from new.spam) execute function private.lead_spam_to_recipients();

drop index public.lead_recipients_vendor_newest_idx;
create index lead_recipients_vendor_newest_idx on public.lead_recipients (vendor_id, completed_at desc, lead_id desc) include (spam);
