-- The renter is emailed when a vendor withdraws its quote: a message that concerns a request.
alter table public.outbox_messages drop constraint outbox_messages_lead_of_kind;
alter table public.outbox_messages add constraint outbox_messages_lead_of_kind check (
  (kind in ('lead', 'renter_copy', 'review_invite', 'quote', 'quote_withdrawn', 'booked', 'booking_confirmation', 'chose_another',
            'booking_cancelled'))
  = (lead_id is not null)) not valid;
alter table public.outbox_messages validate constraint outbox_messages_lead_of_kind;
