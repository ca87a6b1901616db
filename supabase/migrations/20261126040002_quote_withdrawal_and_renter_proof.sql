-- Written by npm run db:migration from supabase/functions/ (edit those files, not this one).

-- supabase/functions/quote_withdraw.sql
-- Withdraws a vendor's open quote for a request it received: the renter can no longer book it
-- and its status page says the vendor withdrew it. Refused with a code when there is no open
-- quote to withdraw (none sent, already replaced, closed or booked).
create or replace function private.quote_withdraw(p_vendor_id bigint, p_lead_id bigint)
returns jsonb language plpgsql security definer set search_path = '' as $$
declare
  withdrawn public.quotes;
begin
  perform 1 from public.leads x where x.id = p_lead_id for update;
  update public.quotes q set status = 'withdrawn', closed_at = now()
  where q.lead_id = p_lead_id and q.vendor_id = p_vendor_id and q.status = 'open'
  returning * into withdrawn;
  if withdrawn.id is null then
    raise exception 'There is no open quote to withdraw' using errcode = 'P0001', hint = 'no-quote';
  end if;
  update public.lead_recipients r set status = 'contacted', status_at = now(), status_reason = null
  where r.lead_id = p_lead_id and r.vendor_id = p_vendor_id and r.status = 'quoted';
  return to_jsonb(withdrawn);
end;
$$;

revoke execute on function private.quote_withdraw(bigint,bigint) from public, anon, authenticated;

-- supabase/functions/business_withdraw_quote.sql
-- A business withdraws its open quote for a request one of its listings received (quote_withdraw).
create or replace function public.business_withdraw_quote(p_email text, p_vendor_id bigint, p_lead_id bigint)
returns jsonb language plpgsql security definer set search_path = '' as $$
begin
  perform public.business_require_manager(p_email, p_vendor_id);
  return private.quote_withdraw(p_vendor_id, p_lead_id);
end;
$$;

revoke execute on function public.business_withdraw_quote(text,bigint,bigint) from public, anon, authenticated;
grant execute on function public.business_withdraw_quote(text,bigint,bigint) to service_role;

-- supabase/functions/renter_owns_lead.sql
-- Whether the caller proves a completed request its own: by the owner token its browser holds,
-- or by the status link emailed with the renter's copy (the hash of its token, while it lasts).
create or replace function private.renter_owns_lead(p_lead_id bigint, p_owner_token text, p_link_hash text)
returns boolean language sql stable security definer set search_path = '' as $$
  select exists (
    select 1 from public.leads l
    where l.id = p_lead_id and l.completed
      and (l.owner_token_hash = encode(sha256(convert_to(coalesce(p_owner_token, ''), 'UTF8')), 'hex')
           or exists (select 1 from public.auth_links a where a.token_hash = p_link_hash and a.purpose = 'lead_status'
                      and a.lead_id = l.id and a.expires_at > now())));
$$;

revoke execute on function private.renter_owns_lead(bigint,text,text) from public, anon, authenticated;

-- supabase/functions/lead_status.sql
-- A renter's own request, for its private status page, proven as renter_owns_lead proves it;
-- a wrong proof answers as an unknown request. Which vendors it
-- went to, and for each whether the email was sent, whether the vendor has answered, and
-- the renter's review of it: why it cannot be reviewed yet, or the review and its state; its
-- published reviews and response time, and its latest quote; and the request's booking.
create or replace function public.lead_status(p_lead_id bigint, p_owner_token text, p_link_hash text default null)
returns jsonb language sql stable security definer set search_path = '' as $$
  select jsonb_build_object('id', l.id, 'skid_steer_type', l.skid_steer_type, 'rental_start_date', l.rental_start_date,
    'rental_end_date', l.rental_end_date, 'rental_days', l.rental_days, 'location', l.location, 'completed_at', l.completed_at,
    'withdrawn_at', l.withdrawn_at,
    'booking', (select to_jsonb(b) from public.bookings b where b.lead_id = l.id),
    'recipients', (select coalesce(jsonb_agg(jsonb_build_object(
        'vendor_id', v.id, 'vendor_name', v.name, 'phone', v.phone, 'sent', exists (select 1 from public.outbox_messages m
                                               where m.lead_id = l.id and m.vendor_id = r.vendor_id and m.status = 'sent'),
        'contacted', r.responded_at is not null,
        'reviews', public.vendor_review_summary(v.id), 'response', private.vendor_response(v.id),
        -- The vendor's latest quote, whatever became of it (revision > 1: it was revised).
        'quote', (select to_jsonb(q) from public.quotes q where q.lead_id = l.id and q.vendor_id = r.vendor_id
                  order by q.revision desc limit 1),
        'review_refusal', public.review_refusal(l.id, r.vendor_id),
        'review', (select jsonb_build_object('stars', w.stars, 'body', w.body, 'status', w.status, 'reject_reason', w.reject_reason,
                                             'editable', w.created_at > now() - interval '30 days')
                   from public.reviews w where w.lead_id = l.id and w.vendor_id = r.vendor_id)) order by r.rank), '[]'::jsonb)
      from public.lead_recipients r join public.vendors v on v.id = r.vendor_id where r.lead_id = l.id))
  from public.leads l
  where l.id = p_lead_id and private.renter_owns_lead(p_lead_id, p_owner_token, p_link_hash);
$$;

revoke execute on function public.lead_status(bigint,text,text) from public, anon, authenticated;
grant execute on function public.lead_status(bigint,text,text) to service_role;

-- supabase/functions/quote_link_withdraw.sql
-- Withdraws the open quote sent for an emailed "Send a quote" link's request and listing.
create or replace function public.quote_link_withdraw(p_token_hash text)
returns jsonb language plpgsql security definer set search_path = '' as $$
declare
  link public.auth_links;
begin
  select * into link from public.auth_links a
  where a.token_hash = p_token_hash and a.purpose = 'lead_quote' and a.expires_at > now();
  if link.token_hash is null then
    raise exception 'This link is invalid or has expired.' using errcode = 'PT404', hint = 'link-invalid';
  end if;
  return private.quote_withdraw(link.vendor_id, link.lead_id);
end;
$$;

revoke execute on function public.quote_link_withdraw(text) from public, anon, authenticated;
grant execute on function public.quote_link_withdraw(text) to service_role;

-- supabase/functions/renter_book_quote.sql
-- Books one quote of the renter's own request (proven as renter_owns_lead proves it). The request's row is
-- locked, so of two bookings at once exactly one is made; a request has at most one booking.
-- The quote must be open and still valid. The booked vendor is told with the renter's details,
-- the renter gets a confirmation, and every other vendor that received the request is told the
-- renter chose another vendor, its open quote closed. Returns the booking.
create or replace function public.renter_book_quote(p_lead_id bigint, p_owner_token text, p_link_hash text, p_quote_id bigint)
returns jsonb language plpgsql security definer set search_path = '' as $$
declare
  l public.leads;
  chosen public.quotes;
  booking public.bookings;
begin
  if not private.renter_owns_lead(p_lead_id, p_owner_token, p_link_hash) then
    raise exception 'Rental request not found' using errcode = 'PT404', hint = 'no-request';
  end if;
  select * into l from public.leads x where x.id = p_lead_id for update;
  if l.withdrawn_at is not null then
    raise exception 'The request was withdrawn' using errcode = 'P0001', hint = 'request-withdrawn';
  end if;
  if exists (select 1 from public.bookings b where b.lead_id = l.id) then
    raise exception 'This request is already booked' using errcode = 'P0001', hint = 'already-booked';
  end if;
  select * into chosen from public.quotes q where q.id = p_quote_id and q.lead_id = l.id;
  if chosen.id is null then
    raise exception 'No such quote' using errcode = 'PT404', hint = 'no-quote';
  end if;
  if chosen.status <> 'open' then
    raise exception 'This quote was replaced or withdrawn' using errcode = 'P0001', hint = 'quote-closed';
  end if;
  if chosen.valid_until <= now() then
    raise exception 'This quote has expired' using errcode = 'P0001', hint = 'quote-expired';
  end if;

  insert into public.bookings (lead_id, quote_id, vendor_id) values (l.id, chosen.id, chosen.vendor_id) returning * into booking;
  update public.quotes q set status = case when q.id = chosen.id then 'booked' else 'closed' end, closed_at = now()
  where q.lead_id = l.id and q.status = 'open';
  update public.lead_recipients r set
    status = case when r.vendor_id = chosen.vendor_id then 'won' else 'lost' end,
    status_reason = case when r.vendor_id = chosen.vendor_id then null else 'The renter chose another vendor' end,
    status_at = now()
  where r.lead_id = l.id;
  insert into public.outbox_messages (lead_id, vendor_id, channel, kind, recipient, payload)
  select l.id, r.vendor_id, 'email', case when r.vendor_id = chosen.vendor_id then 'booked' else 'chose_another' end, v.email,
         jsonb_build_object('quote_id', chosen.id)
  from public.lead_recipients r join public.vendors v on v.id = r.vendor_id
  where r.lead_id = l.id and v.email is not null;
  if l.renter_email is not null then
    insert into public.outbox_messages (lead_id, vendor_id, channel, kind, recipient, payload)
    values (l.id, chosen.vendor_id, 'email', 'booking_confirmation', l.renter_email, jsonb_build_object('quote_id', chosen.id));
  end if;
  return to_jsonb(booking);
end;
$$;

revoke execute on function public.renter_book_quote(bigint,text,text,bigint) from public, anon, authenticated;
grant execute on function public.renter_book_quote(bigint,text,text,bigint) to service_role;

-- supabase/functions/renter_cancel_booking.sql
-- Cancels the booking of the renter's own request (proven as renter_owns_lead proves it), with a reason,
-- until the day the rental starts. The booked vendor is told.
create or replace function public.renter_cancel_booking(p_lead_id bigint, p_owner_token text, p_link_hash text, p_reason text)
returns jsonb language plpgsql security definer set search_path = '' as $$
declare
  l public.leads;
  booking public.bookings;
  reason constant text := trim(coalesce(p_reason, ''));
begin
  if not private.renter_owns_lead(p_lead_id, p_owner_token, p_link_hash) then
    raise exception 'Rental request not found' using errcode = 'PT404', hint = 'no-request';
  end if;
  select * into l from public.leads x where x.id = p_lead_id for update;
  select * into booking from public.bookings b where b.lead_id = l.id and b.status = 'booked';
  if booking.lead_id is null then
    raise exception 'This request has no booking' using errcode = 'P0001', hint = 'no-booking';
  end if;
  if current_date >= l.rental_start_date then
    raise exception 'The rental has started' using errcode = 'P0001', hint = 'rental-started';
  end if;
  if length(reason) = 0 then
    raise exception 'Please give a reason' using errcode = 'P0001', hint = 'reason-missing';
  end if;
  if length(reason) > 500 then
    raise exception 'A field is too long' using errcode = 'P0001', hint = 'too-long';
  end if;
  update public.bookings b set status = 'cancelled', cancel_reason = reason, cancelled_at = now()
  where b.lead_id = l.id returning * into booking;
  update public.lead_recipients r set status = 'lost', status_reason = 'Cancelled by the renter', status_at = now()
  where r.lead_id = l.id and r.vendor_id = booking.vendor_id;
  insert into public.outbox_messages (lead_id, vendor_id, channel, kind, recipient, payload)
  select l.id, v.id, 'email', 'booking_cancelled', v.email, jsonb_build_object('quote_id', booking.quote_id)
  from public.vendors v where v.id = booking.vendor_id and v.email is not null;
  return to_jsonb(booking);
end;
$$;

revoke execute on function public.renter_cancel_booking(bigint,text,text,text) from public, anon, authenticated;
grant execute on function public.renter_cancel_booking(bigint,text,text,text) to service_role;

-- supabase/functions/renter_review_save.sql
-- The renter writes (p_edit false) or edits (p_edit true) their review of one vendor that
-- received their request, proven as renter_owns_lead proves it. One review per request and vendor,
-- editable for 30 days; an edit goes back to the moderation queue. Limits: 10 reviews a
-- day per client, 5 in 30 days per phone number. Returns the review's id.
create or replace function public.renter_review_save(p_lead_id bigint, p_vendor_id bigint, p_owner_token text, p_link_hash text,
  p_client_key text, p_stars int, p_body text, p_edit boolean)
returns bigint language plpgsql security definer set search_path = '' as $$
declare
  lead public.leads;
  existing public.reviews;
  refusal text;
  v_body text := nullif(trim(coalesce(p_body, '')), '');
  v_id bigint;
begin
  if not private.renter_owns_lead(p_lead_id, p_owner_token, p_link_hash) then
    raise exception 'Rental request not found' using errcode = 'PT404', hint = 'no-request';
  end if;
  if p_stars is null or p_stars not between 1 and 5 then
    raise exception 'Choose 1 to 5 stars' using errcode = 'P0001', hint = 'review-stars';
  end if;
  if length(coalesce(v_body, '')) > 2000 then
    raise exception 'A field is too long' using errcode = 'P0001', hint = 'too-long';
  end if;
  select * into lead from public.leads l where l.id = p_lead_id;
  select * into existing from public.reviews r where r.lead_id = p_lead_id and r.vendor_id = p_vendor_id for update;
  if p_edit then
    if existing.id is null then
      raise exception 'No such review' using errcode = 'PT404', hint = 'no-record';
    end if;
    if existing.created_at < now() - interval '30 days' then
      raise exception 'A review can be edited for 30 days' using errcode = 'PT409', hint = 'review-locked';
    end if;
  elsif existing.id is not null then
    raise exception 'You have already reviewed this vendor for this request' using errcode = 'PT409', hint = 'review-exists';
  else
    refusal := public.review_refusal(p_lead_id, p_vendor_id);
    if refusal = 'review-not-recipient' then
      raise exception 'This vendor did not receive this request' using errcode = 'PT409', hint = 'review-not-recipient';
    elsif refusal = 'review-withdrawn' then
      raise exception 'The request was withdrawn before the vendor answered' using errcode = 'PT409', hint = 'review-withdrawn';
    elsif refusal = 'review-too-early' then
      raise exception 'The vendor has not contacted the renter and the rental has not started' using errcode = 'PT409', hint = 'review-too-early';
    end if;
  end if;
  perform public.count_write_attempt('review', p_client_key, interval '1 day', 10, 'Too many reviews from this connection');
  if p_edit then
    update public.reviews r set stars = p_stars, body = v_body, status = 'pending', published_at = null, reject_reason = null,
      held_reason = public.review_hold_reason(v_body, existing.id), updated_at = now()
    where r.id = existing.id;
    return existing.id;
  end if;
  if (select count(*) from public.reviews r join public.leads o on o.id = r.lead_id
      where regexp_replace(o.phone, '\D', '', 'g') = regexp_replace(lead.phone, '\D', '', 'g')
        and r.created_at > now() - interval '30 days') >= 5 then
    raise exception 'Too many reviews from this phone number' using errcode = 'PT429', hint = 'limit-review-phone';
  end if;
  insert into public.reviews (lead_id, vendor_id, stars, body, author, machine, requested_at, held_reason)
  values (p_lead_id, p_vendor_id, p_stars, v_body, public.reviewer_name(lead.name), lead.skid_steer_type, lead.completed_at,
          public.review_hold_reason(v_body, null))
  returning id into v_id;
  return v_id;
end;
$$;

revoke execute on function public.renter_review_save(bigint,bigint,text,text,text,integer,text,boolean) from public, anon, authenticated;
grant execute on function public.renter_review_save(bigint,bigint,text,text,text,integer,text,boolean) to service_role;

-- supabase/functions/withdraw_lead.sql
-- Withdraws the renter's own request (proven as renter_owns_lead proves it): the vendors' messages not
-- yet sent are cancelled, and the invitation to review when no vendor has answered.
create or replace function public.withdraw_lead(p_lead_id bigint, p_owner_token text, p_link_hash text default null)
returns void language plpgsql security definer set search_path = '' as $$
begin
  if not private.renter_owns_lead(p_lead_id, p_owner_token, p_link_hash) then
    raise exception 'Rental request not found' using errcode = 'PT404', hint = 'no-request';
  end if;
  update public.leads l set withdrawn_at = coalesce(l.withdrawn_at, now()), updated_at = now() where l.id = p_lead_id;
  update public.outbox_messages m set status = 'failed', last_error = 'withdrawn by the renter', claim_id = null, claimed_until = null
  where m.lead_id = p_lead_id and m.status in ('pending', 'sending')
    and (m.kind = 'lead' or (m.kind = 'review_invite' and not exists (
           select 1 from public.lead_recipients r where r.lead_id = p_lead_id and r.responded_at is not null)));
end;
$$;

revoke execute on function public.withdraw_lead(bigint,text,text) from public, anon, authenticated;
grant execute on function public.withdraw_lead(bigint,text,text) to service_role;
