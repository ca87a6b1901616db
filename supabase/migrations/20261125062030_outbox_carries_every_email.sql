-- The outbox carries every email the site sends, sign-in and claim links too, so its
-- table and functions say so: lead_messages becomes outbox_messages (rows kept),
-- lead_message_attempts outbox_attempts, claim_lead_messages claim_outbox_messages and
-- record_lead_message record_outbox_message. A sign-in or claim request no longer stores
-- a link itself: it queues a message, whose link is stored (its hash only) when the
-- message is rendered for sending (outbox_link).
alter table public.lead_messages rename to outbox_messages;
alter table public.lead_message_attempts rename to outbox_attempts;
alter table public.outbox_messages rename constraint lead_messages_lead_of_kind to outbox_messages_lead_of_kind;

-- One message per request, recipient, channel and kind; messages without a request (a
-- listing going live, a sign-in or claim link) may be many per address.
alter table public.outbox_messages drop constraint lead_messages_lead_id_vendor_id_channel_key;
create unique index outbox_messages_one_per_lead_recipient on public.outbox_messages (lead_id, vendor_id, channel, kind)
  nulls not distinct where lead_id is not null;

drop function public.claim_lead_messages(integer, integer);
drop function public.record_lead_message(bigint, uuid, boolean, text, text, integer);
drop function public.business_sign_in_start(text, text, text);
drop function public.business_claim_start(bigint, text, text, text, text, text, text);
drop function public.business_welcome_link(text, text);
