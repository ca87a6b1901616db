-- A rental request's life as one state machine: its state is a column of the request, the
-- transitions allowed (and who may make each) are rows of private.lead_transitions, and
-- private.lead_move is the one way a state changes (a trigger refuses every other change).

alter table public.leads add column state text not null default 'draft'
  check (state in ('draft', 'sent', 'withdrawn', 'booked', 'cancelled', 'erased'));
update public.leads l set state = case
  when l.anonymized_at is not null then 'erased'
  when exists (select 1 from public.bookings b where b.lead_id = l.id and b.status = 'booked') then 'booked'
  when exists (select 1 from public.bookings b where b.lead_id = l.id) then 'cancelled'
  when l.withdrawn_at is not null then 'withdrawn'
  when l.completed then 'sent'
  else 'draft' end;
alter table public.leads add constraint leads_state_completed check ((state = 'draft') = (not completed));
alter table public.leads add constraint leads_erased_holds_nobody
  check (state <> 'erased' or (name = '' and phone = '' and renter_email is null and client_key is null));
comment on column public.leads.state is
  'Where the request is in its life (private.lead_transitions): draft, sent, withdrawn, booked, cancelled or erased. A sent or booked request whose rental has ended is "over" (private.lead_state), which no column stores.';

create table private.lead_transitions (
  action text not null,
  actor text not null check (actor in ('renter', 'business', 'operator', 'job')),
  from_state text not null check (from_state in ('draft', 'sent', 'withdrawn', 'booked', 'cancelled', 'over', 'erased')),
  to_state text not null check (to_state in ('draft', 'sent', 'withdrawn', 'booked', 'cancelled', 'over', 'erased')),
  primary key (action, from_state)
);
comment on table private.lead_transitions is
  'Every change a rental request''s life allows: who (actor) may do what (action) in which state, and the state it leads to (the same state for an action that changes none). private.lead_move refuses whatever is not here.';
comment on column private.lead_transitions.from_state is 'The state the request is in; "over" is a sent or booked request whose rental has ended.';
comment on column private.lead_transitions.to_state is 'The state the action leads to; "over" (from "over") leaves the stored state as it is.';

insert into private.lead_transitions (action, actor, from_state, to_state) values
  ('edit', 'renter', 'draft', 'draft'),
  ('send', 'renter', 'draft', 'sent'),
  ('withdraw', 'renter', 'sent', 'withdrawn'),
  ('withdraw', 'renter', 'withdrawn', 'withdrawn'),
  ('book', 'renter', 'sent', 'booked'),
  ('cancel', 'renter', 'booked', 'cancelled'),
  ('delete', 'renter', 'withdrawn', 'erased'),
  ('delete', 'renter', 'cancelled', 'erased'),
  ('delete', 'renter', 'over', 'erased'),
  ('review', 'renter', 'sent', 'sent'),
  ('review', 'renter', 'withdrawn', 'withdrawn'),
  ('review', 'renter', 'booked', 'booked'),
  ('review', 'renter', 'cancelled', 'cancelled'),
  ('review', 'renter', 'over', 'over'),
  ('set_status', 'business', 'sent', 'sent'),
  ('set_status', 'business', 'withdrawn', 'withdrawn'),
  ('set_status', 'business', 'booked', 'booked'),
  ('set_status', 'business', 'cancelled', 'cancelled'),
  ('set_status', 'business', 'over', 'over'),
  ('quote', 'business', 'sent', 'sent'),
  ('withdraw_quote', 'business', 'sent', 'sent'),
  ('mark_spam', 'operator', 'sent', 'sent'),
  ('mark_spam', 'operator', 'withdrawn', 'withdrawn'),
  ('mark_spam', 'operator', 'over', 'over'),
  ('resend', 'operator', 'sent', 'sent'),
  ('erase', 'operator', 'draft', 'erased'),
  ('erase', 'operator', 'sent', 'erased'),
  ('erase', 'operator', 'withdrawn', 'erased'),
  ('erase', 'operator', 'booked', 'erased'),
  ('erase', 'operator', 'cancelled', 'erased'),
  ('erase', 'operator', 'over', 'erased'),
  ('expire', 'job', 'draft', 'erased'),
  ('expire', 'job', 'sent', 'erased'),
  ('expire', 'job', 'withdrawn', 'erased'),
  ('expire', 'job', 'booked', 'erased'),
  ('expire', 'job', 'cancelled', 'erased'),
  ('expire', 'job', 'over', 'erased');
revoke all on private.lead_transitions from public, anon, authenticated;

-- A booking holds the dates it was booked for: the quote's other dates when the vendor offered
-- them, else the request's.
alter table public.bookings add column start_date date, add column end_date date;
update public.bookings b set start_date = coalesce(q.alternate_start, l.rental_start_date),
  end_date = coalesce(q.alternate_end, l.rental_end_date)
from public.quotes q, public.leads l where q.id = b.quote_id and l.id = b.lead_id;
alter table public.bookings alter column start_date set not null, alter column end_date set not null,
  add constraint bookings_dates check (end_date >= start_date);
comment on column public.bookings.start_date is 'The first day booked: the booked quote''s other dates when it offered them, else the request''s.';
comment on column public.bookings.end_date is 'The last day booked, as start_date.';
-- An erased request's cancellation keeps no reason.
alter table public.bookings drop constraint bookings_check;
alter table public.bookings add constraint bookings_reason_when_cancelled check (status = 'cancelled' or cancel_reason is null);

-- A quote's email is one per quote: its id is a column of the message, so emptying a message's
-- contents (erasure, retention) never makes two messages alike.
alter table public.outbox_messages add column quote_id bigint;
update public.outbox_messages m set quote_id = (m.payload->>'quote_id')::bigint where m.payload ? 'quote_id';
comment on column public.outbox_messages.quote_id is 'The quote a request''s message is about (quote, quote withdrawn, booking messages); with lead, vendor, channel and kind it makes the message unique.';
drop index public.outbox_messages_one_per_lead_recipient;
create unique index outbox_messages_one_per_lead_recipient on public.outbox_messages
  (lead_id, vendor_id, channel, kind, quote_id) nulls not distinct where lead_id is not null;
-- Erasure finds the "review published" emails of the reviews it deletes.
create index outbox_messages_review_idx on public.outbox_messages ((payload->>'review_id')) where kind = 'review_published';
-- Erasure removes the abuse-limit rows of the person's client address.
create index write_attempts_client_idx on public.write_attempts (client_key);
