-- The rental after the booking, up to the machine on the job site: where and when it is delivered,
-- the vendor's confirmed window (or the booking released when it is not confirmed in time), the
-- machine on its way and delivered with its readings and photos, and the renter's answer.

-- Each state's time zone: a job site's local time is its state's (a state that spans two zones
-- takes the zone most of its people live in).
alter table public.states add column time_zone text not null default 'America/Chicago';
comment on column public.states.time_zone is 'The IANA time zone of the state''s local time (for a state across two zones, the one most of it keeps): a job site''s delivery window and a vendor''s business hours are read in it.';
update public.states s set time_zone = z.zone from (values
  ('AL', 'America/Chicago'), ('AK', 'America/Anchorage'), ('AZ', 'America/Phoenix'), ('AR', 'America/Chicago'),
  ('CA', 'America/Los_Angeles'), ('CO', 'America/Denver'), ('CT', 'America/New_York'), ('DE', 'America/New_York'),
  ('DC', 'America/New_York'), ('FL', 'America/New_York'), ('GA', 'America/New_York'), ('HI', 'Pacific/Honolulu'),
  ('ID', 'America/Boise'), ('IL', 'America/Chicago'), ('IN', 'America/Indiana/Indianapolis'), ('IA', 'America/Chicago'),
  ('KS', 'America/Chicago'), ('KY', 'America/New_York'), ('LA', 'America/Chicago'), ('ME', 'America/New_York'),
  ('MD', 'America/New_York'), ('MA', 'America/New_York'), ('MI', 'America/Detroit'), ('MN', 'America/Chicago'),
  ('MS', 'America/Chicago'), ('MO', 'America/Chicago'), ('MT', 'America/Denver'), ('NE', 'America/Chicago'),
  ('NV', 'America/Los_Angeles'), ('NH', 'America/New_York'), ('NJ', 'America/New_York'), ('NM', 'America/Denver'),
  ('NY', 'America/New_York'), ('NC', 'America/New_York'), ('ND', 'America/Chicago'), ('OH', 'America/New_York'),
  ('OK', 'America/Chicago'), ('OR', 'America/Los_Angeles'), ('PA', 'America/New_York'), ('RI', 'America/New_York'),
  ('SC', 'America/New_York'), ('SD', 'America/Chicago'), ('TN', 'America/Chicago'), ('TX', 'America/Chicago'),
  ('UT', 'America/Denver'), ('VT', 'America/New_York'), ('VA', 'America/New_York'), ('WA', 'America/Los_Angeles'),
  ('WV', 'America/New_York'), ('WI', 'America/Chicago'), ('WY', 'America/Denver'), ('PR', 'America/Puerto_Rico')
) as z(code, zone) where s.code = z.code;

-- The request's new states: the booked vendor confirmed a delivery window, the machine is on its
-- way, the machine is on the job site (on rent).
alter table public.leads drop constraint leads_state_check;
alter table public.leads add constraint leads_state_check
  check (state in ('draft', 'sent', 'withdrawn', 'booked', 'confirmed', 'on_the_way', 'on_rent', 'cancelled', 'erased'));
comment on column public.leads.state is 'Where the request is in its life (private.lead_transitions): draft, sent, withdrawn, booked (waiting for the vendor to confirm a delivery window), confirmed, on_the_way, on_rent, cancelled or erased. A request not yet on rent whose rental has ended is "over" (private.lead_state), which no column stores.';

alter table private.lead_transitions drop constraint lead_transitions_from_state_check;
alter table private.lead_transitions drop constraint lead_transitions_to_state_check;
alter table private.lead_transitions add constraint lead_transitions_from_state_check
  check (from_state in ('draft', 'sent', 'withdrawn', 'booked', 'confirmed', 'on_the_way', 'on_rent', 'cancelled', 'over', 'erased'));
alter table private.lead_transitions add constraint lead_transitions_to_state_check
  check (to_state in ('draft', 'sent', 'withdrawn', 'booked', 'confirmed', 'on_the_way', 'on_rent', 'cancelled', 'over', 'erased'));
insert into private.lead_transitions (action, actor, from_state, to_state) values
  ('confirm_window', 'business', 'booked', 'confirmed'),
  ('release', 'job', 'booked', 'sent'),
  ('cancel', 'renter', 'confirmed', 'cancelled'),
  ('dispatch', 'business', 'confirmed', 'on_the_way'),
  ('deliver', 'business', 'confirmed', 'on_rent'),
  ('deliver', 'business', 'on_the_way', 'on_rent'),
  ('arrive', 'renter', 'on_rent', 'on_rent'),
  ('report_problem', 'renter', 'on_rent', 'on_rent'),
  ('review', 'renter', 'confirmed', 'confirmed'),
  ('review', 'renter', 'on_the_way', 'on_the_way'),
  ('review', 'renter', 'on_rent', 'on_rent'),
  ('set_status', 'business', 'confirmed', 'confirmed'),
  ('set_status', 'business', 'on_the_way', 'on_the_way'),
  ('set_status', 'business', 'on_rent', 'on_rent'),
  ('erase', 'operator', 'confirmed', 'erased'),
  ('erase', 'operator', 'on_the_way', 'erased'),
  ('erase', 'operator', 'on_rent', 'erased'),
  ('expire', 'job', 'confirmed', 'erased'),
  ('expire', 'job', 'on_the_way', 'erased'),
  ('expire', 'job', 'on_rent', 'erased');

drop index public.leads_booked_newest_idx;
create index leads_booked_newest_idx on public.leads (completed_at desc, id desc) include (spam)
  where completed and state = any (array['booked', 'confirmed', 'on_the_way', 'on_rent']);

-- Where and when: asked when booking; the window the vendor confirms.
alter table public.bookings
  add column site_address text check (length(site_address) between 5 and 200),
  add column access_notes text check (length(access_notes) <= 500),
  add column site_contact text check (length(site_contact) between 1 and 100),
  add column site_phone text check (length(site_phone) between 7 and 30),
  add column window_preference text check (window_preference in ('early', 'morning', 'afternoon', 'any')),
  add column confirm_by timestamptz,
  add column window_start timestamptz,
  add column window_end timestamptz,
  add column confirmed_at timestamptz,
  add column sequence integer not null default 0,
  add column dispatched_at timestamptz,
  add column delivered_at timestamptz,
  add column delivery_hours numeric(7,1) check (delivery_hours between 0 and 99999),
  add column delivery_fuel smallint check (delivery_fuel between 0 and 8),
  add column arrived_at timestamptz,
  add column problem text check (problem in ('not_arrived', 'wrong_machine', 'damaged')),
  add column problem_note text check (length(problem_note) between 1 and 500),
  add column problem_at timestamptz,
  add constraint bookings_window check (window_end > window_start and window_end <= window_start + interval '4 hours'),
  add constraint bookings_window_together check ((window_start is null) = (window_end is null) and (window_start is null) = (confirmed_at is null)),
  add constraint bookings_delivery_readings check ((delivered_at is null) = (delivery_hours is null) and (delivered_at is null) = (delivery_fuel is null)),
  add constraint bookings_problem_together check ((problem is null) = (problem_at is null));
comment on column public.bookings.site_address is 'The job site''s street address, where the machine is delivered; null on a booking made before it was asked.';
comment on column public.bookings.access_notes is 'How to get the machine onto the site: gate code, where to drop it.';
comment on column public.bookings.site_contact is 'Who meets the machine on the job site.';
comment on column public.bookings.site_phone is 'The site contact''s phone number.';
comment on column public.bookings.window_preference is 'When the renter would like the machine delivered: early (7 to 9 am), morning (8 am to noon), afternoon (noon to 5 pm) or any time.';
comment on column public.bookings.confirm_by is 'When the vendor''s delivery window is due: 4 of its business hours after the booking, and no later than 24 hours before the rental starts. A booking not confirmed by then is released (public.release_overdue_bookings).';
comment on column public.bookings.window_start is 'The delivery window the vendor confirmed (at most 4 hours), with window_end.';
comment on column public.bookings.sequence is 'The calendar invitation''s SEQUENCE: raised each time the rental''s time changes, so calendars replace the event of the same UID.';
comment on column public.bookings.dispatched_at is 'When the vendor marked the machine on the way.';
comment on column public.bookings.delivered_at is 'When the vendor marked the machine delivered, with the hour meter (delivery_hours) and fuel in eighths of a tank (delivery_fuel) read then.';
comment on column public.bookings.arrived_at is 'When the renter confirmed the machine arrived.';
comment on column public.bookings.problem is 'The renter''s report of a problem with the delivery: not_arrived, wrong_machine or damaged, with the renter''s note (problem_note, blanked on erasure) and the time (problem_at).';

-- A booking the vendor did not confirm in time, kept after the booking is released so the request
-- can be booked again.
create table public.booking_releases (
  lead_id bigint not null references public.leads (id) on delete cascade,
  quote_id bigint not null references public.quotes (id) on delete cascade,
  vendor_id bigint not null references public.vendors (id) on delete cascade,
  booked_at timestamptz not null,
  released_at timestamptz not null default now(),
  site_address text,
  access_notes text,
  site_contact text,
  site_phone text,
  window_preference text,
  primary key (lead_id, quote_id)
);
create index booking_releases_vendor_idx on public.booking_releases (vendor_id, released_at desc);
comment on table public.booking_releases is 'Bookings released because the vendor did not confirm a delivery window in time: the request went back to sent, and the vendor is never booked again for it. The job site''s details stay (blanked on erasure), so the next quote is booked in one tap.';
alter table public.booking_releases enable row level security;
revoke all on table public.booking_releases from anon, authenticated;

create index bookings_confirm_due_idx on public.bookings (confirm_by) where status = 'booked' and confirmed_at is null;
comment on index public.bookings_confirm_due_idx is 'Bookings still waiting for their delivery window, for the release job.';

-- Photos of a rental, stored by lib/storage (Supabase Storage or a folder): the walk-around at
-- delivery and the renter's photo of a problem.
create table public.rental_photos (
  id bigint generated by default as identity primary key,
  lead_id bigint not null references public.leads (id) on delete cascade,
  record text not null check (record in ('delivery', 'problem')),
  path text not null unique check (path ~ '^[a-z0-9/_-]{8,200}\.jpg$'),
  created_at timestamptz not null default now()
);
create index rental_photos_lead_idx on public.rental_photos (lead_id, record);
comment on table public.rental_photos is 'A rental''s photos (record: delivery walk-around, or the renter''s problem report), at most 8 a record; the file is at path in the photo store, and shown only to the renter, the booked vendor and the operator.';
alter table public.rental_photos enable row level security;
revoke all on table public.rental_photos from anon, authenticated;

-- Files whose photo row is gone (an erased request): the outbox's round deletes them from the store.
create table private.photo_deletions (
  path text primary key,
  queued_at timestamptz not null default now(),
  claimed_until timestamptz
);
comment on table private.photo_deletions is 'Photo files to delete from the store, queued when their rows go (erasure); claimed (claimed_until) and deleted in batches by the outbox''s round.';

alter table public.outbox_messages drop constraint outbox_messages_lead_of_kind;
alter table public.outbox_messages add constraint outbox_messages_lead_of_kind check (
  (kind in ('lead', 'renter_copy', 'review_invite', 'quote', 'quote_withdrawn', 'booked', 'booking_confirmation', 'chose_another',
            'booking_cancelled', 'window_confirmed', 'released_renter', 'released_vendor', 'on_the_way', 'delivered', 'problem_reported'))
  = (lead_id is not null));

-- The booking now takes the job site's details.
drop function public.renter_book_quote(bigint, text, text, bigint);

-- On a hosted Supabase project, the photos' private Storage bucket (lib/storage/photos.ts): only
-- the service role reaches it, and pages show its photos through short-lived signed addresses.
do $$
begin
  if to_regclass('storage.buckets') is not null then
    insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
    values ('rental-photos', 'rental-photos', false, 10485760, array['image/jpeg'])
    on conflict (id) do nothing;
  end if;
end;
$$;
