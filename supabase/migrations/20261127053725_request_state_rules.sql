-- The request's state machine enforced by the database, whichever statement writes: a state moves
-- only along private.lead_transitions, a request is booked exactly when its booking is live, and
-- nothing new is attached to an erased request.
create trigger leads_state_moves before insert or update of state on public.leads
  for each row execute function private.lead_state_guard();
create constraint trigger leads_booking_agrees after insert or update of state on public.leads
  deferrable initially deferred for each row execute function private.lead_booking_agrees();
create constraint trigger bookings_agree_with_request after insert or update of status on public.bookings
  deferrable initially deferred for each row execute function private.lead_booking_agrees();
create trigger quotes_not_after_erasure before insert on public.quotes
  for each row execute function private.refuse_after_erasure();
create trigger bookings_not_after_erasure before insert on public.bookings
  for each row execute function private.refuse_after_erasure();
create trigger reviews_not_after_erasure before insert on public.reviews
  for each row execute function private.refuse_after_erasure();
create trigger lead_recipients_not_after_erasure before insert on public.lead_recipients
  for each row execute function private.refuse_after_erasure();
create trigger lead_consents_not_after_erasure before insert on public.lead_consents
  for each row execute function private.refuse_after_erasure();
create trigger outbox_messages_not_after_erasure before insert on public.outbox_messages
  for each row when (new.lead_id is not null) execute function private.refuse_after_erasure();

drop function private.erase_requests(bigint[]);
drop function private.erase_leads(bigint[]);
