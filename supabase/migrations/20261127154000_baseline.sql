-- The baseline: the database that the migrations up to 20261127153850_unknown_review_refused built, as one file, written
-- by pg_dump from PostgreSQL 15 set up as hosted Supabase and checked to rebuild that database
-- exactly (schema, privileges, role settings and rows). Each function's current definition is its
-- file in supabase/functions/; every change from here on is a new migration after this one.

-- Function bodies refer to tables made further down: they are checked when called.
set local check_function_bodies = false;

-- What a new function, table or sequence grants by default: nothing to anon and authenticated.
alter default privileges in schema public revoke execute on functions from public, anon, authenticated;
alter default privileges in schema public revoke all on tables from anon, authenticated;
alter default privileges in schema public revoke all on sequences from anon, authenticated;

create schema if not exists extensions;
grant usage on schema extensions to anon, authenticated, service_role;
create extension if not exists pg_trgm with schema extensions;

CREATE SCHEMA private;

CREATE FUNCTION private.consent_text(p_vendor_names text[]) RETURNS text
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select 'By submitting, I agree that '
    || case when cardinality(p_vendor_names) > 0 then array_to_string(p_vendor_names, ', ') || ' and ' else '' end
    || 'Skid Steer Rentals may call or text me at the phone number above about this rental request, '
    || 'including with automated technology. Consent is not a condition of renting.';
$$;

CREATE FUNCTION private.erase_requests(p_ids bigint[], p_action text) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  drafts int;
  erased int;
  reviews int;
  msgs bigint[];
  told bigint[];
begin
  -- Requests erased meanwhile (by another erasure, waited for here) are left as they are.
  perform 1 from public.leads l where l.id = any (p_ids) order by l.id for update;
  p_ids := array(select l.id from public.leads l where l.id = any (p_ids) and l.state <> 'erased');
  perform private.lead_move(x.id, p_action) from unnest(p_ids) x (id) order by x.id;
  -- The recipients' and reviews' triggers update their vendors' rows: taken in one order, so that
  -- erasures running at once (retention in several instances) wait for each other, never deadlock.
  perform 1 from public.vendors v
  where v.id in (select r.vendor_id from public.lead_recipients r where r.lead_id = any (p_ids))
  order by v.id for update of v;

  with cancelled as (
    update public.bookings b set status = 'cancelled', cancel_reason = null, cancelled_at = now()
    where b.lead_id = any (p_ids) and b.status = 'booked' and b.end_date >= current_date
    returning b.lead_id, b.vendor_id, b.quote_id),
  queued as (
    insert into public.outbox_messages (lead_id, vendor_id, channel, kind, recipient, payload, quote_id)
    select c.lead_id, v.id, 'email', 'booking_cancelled', v.email, jsonb_build_object('quote_id', c.quote_id), c.quote_id
    from cancelled c join public.vendors v on v.id = c.vendor_id
    where v.email is not null
    returning id)
  select array_agg(id) into told from queued;
  update public.lead_recipients r set status = 'lost', status_at = now()
  from public.bookings b
  where b.lead_id = r.lead_id and b.vendor_id = r.vendor_id and r.lead_id = any (p_ids) and b.status = 'cancelled' and r.status = 'won';

  delete from public.leads l where l.id = any (p_ids) and l.state = 'draft';
  get diagnostics drafts = row_count;

  delete from public.write_attempts w
  where w.client_key in (select l.client_key from public.leads l where l.id = any (p_ids) and l.client_key is not null);

  msgs := array(
    select m.id from public.outbox_messages m where m.lead_id = any (p_ids)
    union all
    select m.id from public.reviews r
    join public.outbox_messages m on m.kind = 'review_published' and m.payload->>'review_id' = r.id::text
    where r.lead_id = any (p_ids)
    except
    select unnest(told));
  update public.outbox_messages m set payload = '{}'::jsonb, recipient = null, last_error = null,
    status = case when m.status in ('pending', 'sending') then 'failed' else m.status end,
    claim_id = null, claimed_until = null
  where m.id = any (msgs);
  update public.outbox_attempts a set error = null where a.message_id = any (msgs) and a.error is not null;

  delete from public.reviews r where r.lead_id = any (p_ids);
  get diagnostics reviews = row_count;
  delete from public.auth_links a where a.lead_id = any (p_ids) and a.purpose = 'lead_status';
  update public.lead_consents c set client_hash = null where c.lead_id = any (p_ids) and c.client_hash is not null;
  update public.bookings b set cancel_reason = null where b.lead_id = any (p_ids) and b.cancel_reason is not null;
  update public.quotes q set message = null where q.lead_id = any (p_ids) and q.message is not null;
  update public.lead_recipients r set status_reason = null where r.lead_id = any (p_ids) and r.status_reason is not null;
  update public.leads l set state = 'erased', name = '', phone = '', renter_email = null, client_key = null,
    anonymized_at = coalesce(l.anonymized_at, now()), updated_at = now()
  where l.id = any (p_ids);
  get diagnostics erased = row_count;
  return jsonb_build_object('requests', drafts + erased, 'reviews', reviews);
end;
$$;

CREATE FUNCTION private.lead_booking_agrees() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  l public.leads;
  live boolean;
begin
  if tg_table_name = 'leads' then
    select * into l from public.leads x where x.id = new.id;
  else
    select * into l from public.leads x where x.id = new.lead_id;
  end if;
  if l.id is null then
    return null;
  end if;
  live := exists (select 1 from public.bookings b where b.lead_id = l.id and b.status = 'booked');
  if (l.state = 'booked' and not live) or (live and l.state not in ('booked', 'erased')) then
    raise exception 'Request % is % but its booking says otherwise', l.id, l.state using errcode = 'P0001', hint = 'request-state';
  end if;
  return null;
end;
$$;

CREATE FUNCTION public.is_email_address(p_email text) RETURNS boolean
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $_$
  select length(p_email) <= 254 and p_email ~* '^[^@\s]+@[a-z0-9-]+(\.[a-z0-9-]+)+$';
$_$;

CREATE TABLE public.leads (
    id bigint NOT NULL,
    vendor_id bigint,
    vendor_name text,
    step smallint DEFAULT 1 NOT NULL,
    location text DEFAULT 'pending'::text NOT NULL,
    name text DEFAULT ''::text NOT NULL,
    phone text DEFAULT ''::text NOT NULL,
    skid_steer_type text,
    rental_days integer DEFAULT 1 NOT NULL,
    rental_start_date date,
    rental_end_date date,
    completed boolean DEFAULT false NOT NULL,
    owner_token_hash text NOT NULL,
    client_key text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    completed_at timestamp with time zone,
    widen boolean DEFAULT false NOT NULL,
    spam boolean DEFAULT false NOT NULL,
    withdrawn_at timestamp with time zone,
    renter_email text,
    state_id bigint,
    anonymized_at timestamp with time zone,
    state text DEFAULT 'draft'::text NOT NULL,
    no_recipients boolean DEFAULT false NOT NULL,
    quoted_at timestamp with time zone,
    CONSTRAINT leads_erased_holds_nobody CHECK (((state <> 'erased'::text) OR ((name = ''::text) AND (phone = ''::text) AND (renter_email IS NULL) AND (client_key IS NULL)))),
    CONSTRAINT leads_rental_days_check CHECK ((rental_days >= 1)),
    CONSTRAINT leads_renter_email_check CHECK (((renter_email IS NULL) OR ((renter_email = lower(renter_email)) AND public.is_email_address(renter_email)))),
    CONSTRAINT leads_skid_steer_type_check CHECK ((skid_steer_type = ANY (ARRAY['wheeled'::text, 'tracked'::text]))),
    CONSTRAINT leads_state_check CHECK ((state = ANY (ARRAY['draft'::text, 'sent'::text, 'withdrawn'::text, 'booked'::text, 'cancelled'::text, 'erased'::text]))),
    CONSTRAINT leads_state_completed CHECK (((state = 'draft'::text) = (NOT completed))),
    CONSTRAINT leads_step_check CHECK (((step >= 1) AND (step <= 3)))
);

COMMENT ON TABLE public.leads IS 'Rental requests (leads): a draft a browser fills in step by step, then sent to the vendors it is routed to; written only through the service role''s functions.';

COMMENT ON COLUMN public.leads.vendor_id IS 'The vendor whose page the request was started from (it goes to that vendor unless it paused its requests); null for a request started elsewhere.';

COMMENT ON COLUMN public.leads.vendor_name IS 'That vendor''s name when the draft was started (create_lead), kept for the lead webhook and the reports.';

COMMENT ON COLUMN public.leads.step IS 'The step of the three-step request form the renter last saved; 3 once sent.';

COMMENT ON COLUMN public.leads.location IS 'The job site''s ZIP code, or "pending" until the renter gives it; kept when the request is erased.';

COMMENT ON COLUMN public.leads.name IS 'The renter''s name; blank on a draft until given, and after erasure.';

COMMENT ON COLUMN public.leads.phone IS 'The renter''s phone number as typed; blank on a draft until given, and after erasure.';

COMMENT ON COLUMN public.leads.skid_steer_type IS 'The machine asked for: wheeled or tracked.';

COMMENT ON COLUMN public.leads.rental_days IS 'The number of days from rental_start_date to rental_end_date, set when the request is sent (1 on a draft).';

COMMENT ON COLUMN public.leads.rental_start_date IS 'The rental''s first day.';

COMMENT ON COLUMN public.leads.rental_end_date IS 'The rental''s end date, after the start date; once it has passed, a sent or booked request is "over".';

COMMENT ON COLUMN public.leads.completed IS 'True once the request was sent (complete_lead); always equal to state <> ''draft''.';

COMMENT ON COLUMN public.leads.owner_token_hash IS 'The SHA-256 (hex) of the random token the renter''s browser holds, which proves the request its own; the token itself is never stored.';

COMMENT ON COLUMN public.leads.client_key IS 'The keyed hash of the renter''s network address (32 hex characters, lib/platform/client-key.ts), the abuse limits'' key; null after erasure.';

COMMENT ON COLUMN public.leads.updated_at IS 'When the request last changed; a draft is deleted by the retention job a set number of days after it.';

COMMENT ON COLUMN public.leads.completed_at IS 'When the request was sent; the retention job erases the request a set number of months after it.';

COMMENT ON COLUMN public.leads.widen IS 'The renter asked for a request started on a vendor''s page to go to nearby vendors too.';

COMMENT ON COLUMN public.leads.spam IS 'Marked spam by the operator: left out of reports and counts, and its unsent messages are not sent; copied to its recipients by a trigger.';

COMMENT ON COLUMN public.leads.withdrawn_at IS 'When the renter withdrew the request; the vendors'' unsent messages were cancelled then.';

COMMENT ON COLUMN public.leads.renter_email IS 'The renter''s email address, in lower case, when given: their copy of the request, quotes and booking emails go there; null after erasure.';

COMMENT ON COLUMN public.leads.state_id IS 'The state (public.states) of the job site''s ZIP code, not the request''s state in its life (the state column): a copy kept by the lead_state_id trigger for the console''s state filter.';

COMMENT ON COLUMN public.leads.anonymized_at IS 'When the request was erased (its personal fields blanked) by the operator, the renter or the retention job; null while it holds them.';

COMMENT ON COLUMN public.leads.state IS 'Where the request is in its life (private.lead_transitions): draft, sent, withdrawn, booked, cancelled or erased. A sent or booked request whose rental has ended is "over" (private.lead_state), which no column stores.';

COMMENT ON COLUMN public.leads.no_recipients IS 'The request was sent and reached no vendor (complete_lead; recipients are never added later).';

COMMENT ON COLUMN public.leads.quoted_at IS 'When a vendor first quoted the request (kept by the quotes_quoted_at trigger).';

CREATE FUNCTION private.lead_move(p_lead_id bigint, p_action text) RETURNS public.leads
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  l public.leads;
  state text;
  target text;
begin
  select * into l from public.leads x where x.id = p_lead_id for update;
  -- A booked rental ends on the last day booked.
  state := private.lead_state(l.state, coalesce(
    (select b.end_date from public.bookings b where b.lead_id = l.id and b.status = 'booked'), l.rental_end_date));
  select t.to_state into target from private.lead_transitions t where t.action = p_action and t.from_state = state;
  if target is null then
    if l.id is null or state in ('draft', 'erased') then
      raise exception 'Rental request not found' using errcode = 'PT404', hint = 'no-request';
    end if;
    if p_action = 'delete' and state in ('sent', 'booked') then
      raise exception 'A request can be deleted once its rental has ended, it was withdrawn or its booking cancelled'
        using errcode = 'P0001', hint = 'delete-too-early';
    elsif p_action = 'cancel' and state = 'over' then
      raise exception 'The rental has started' using errcode = 'P0001', hint = 'rental-started';
    elsif p_action = 'cancel' then
      raise exception 'This request has no booking' using errcode = 'P0001', hint = 'no-booking';
    elsif p_action = 'book' and state = 'booked' then
      raise exception 'This request is already booked' using errcode = 'P0001', hint = 'already-booked';
    elsif state = 'withdrawn' then
      raise exception 'The request was withdrawn' using errcode = 'P0001', hint = 'request-withdrawn';
    elsif state = 'booked' then
      raise exception 'The request is booked' using errcode = 'P0001', hint = 'request-booked';
    elsif state = 'cancelled' then
      raise exception 'The request''s booking was cancelled' using errcode = 'P0001', hint = 'request-cancelled';
    elsif state = 'over' then
      raise exception 'The rental is over' using errcode = 'P0001', hint = 'rental-over';
    end if;
    raise exception 'Not allowed while the request is %', state using errcode = 'P0001', hint = 'request-state';
  end if;
  if target not in (state, 'over', 'erased') then
    update public.leads x set state = target, completed = target <> 'draft', updated_at = now() where x.id = l.id returning * into l;
  end if;
  return l;
end;
$$;

CREATE FUNCTION private.lead_quoted_at() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  update public.leads l set quoted_at = q.at
  from (select n.lead_id, min(n.created_at) as at from new_rows n group by n.lead_id) q
  where l.id = q.lead_id and l.quoted_at is null;
  return null;
end;
$$;

CREATE FUNCTION private.lead_spam_to_recipients() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  update public.lead_recipients r set spam = new.spam where r.lead_id = new.id;
  return null;
end;
$$;

CREATE FUNCTION private.lead_state(p_state text, p_rental_end_date date) RETURNS text
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select case when p_state in ('sent', 'booked') and p_rental_end_date < current_date then 'over' else p_state end;
$$;

CREATE FUNCTION private.lead_state_guard() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if tg_op = 'INSERT' then
    -- A request written whole (imported history) starts as sent.
    if new.completed and new.state = 'draft' then
      new.state := 'sent';
    end if;
    if new.state not in ('draft', 'sent') then
      raise exception 'A request starts as a draft' using errcode = 'P0001', hint = 'request-state';
    end if;
  elsif not exists (
    select 1 from private.lead_transitions t
    where t.to_state = new.state
      and (t.from_state = old.state or (t.from_state = 'over' and old.state in ('sent', 'booked')))) then
    raise exception 'A request cannot go from % to %', old.state, new.state using errcode = 'P0001', hint = 'request-state';
  end if;
  return new;
end;
$$;

CREATE FUNCTION private.lead_state_id() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  new.state_id := (select c.state_id from public.postcodes p join public.cities c on c.id = p.city_id where p.code = new.location);
  return new;
end;
$$;

CREATE FUNCTION private.like_contains(p_text text) RETURNS text
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select '%' || replace(replace(replace(p_text, '\', '\\'), '%', '\%'), '_', '\_') || '%';
$$;

CREATE FUNCTION private.lowest_day_rates(p_vendor_ids bigint[]) RETURNS TABLE(vendor_id bigint, day_rate numeric)
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select k.vendor_id, min(k.day_rate) from public.rate_card_classes k
  join public.rate_cards r on r.vendor_id = k.vendor_id
  where k.vendor_id = any (p_vendor_ids)
  group by k.vendor_id;
$$;

CREATE FUNCTION private.person_leads(p_phone text, p_email text) RETURNS bigint[]
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select case when digits is null and email is null then null else array(
    select l.id from public.leads l
    where (digits is not null and l.phone <> '' and right(regexp_replace(l.phone, '\D', '', 'g'), 10) = digits)
       or (email is not null and l.renter_email = email)
    order by l.id) end
  from (select case when length(regexp_replace(coalesce(p_phone, ''), '\D', '', 'g')) >= 10
                    then right(regexp_replace(p_phone, '\D', '', 'g'), 10) end as digits,
               case when public.is_email_address(lower(trim(coalesce(p_email, '')))) then lower(trim(p_email)) end as email) q;
$$;

CREATE FUNCTION private.quote_save(p_vendor_id bigint, p_lead_id bigint, p_quote jsonb) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  l public.leads;
  q constant jsonb := coalesce(p_quote, '{}'::jsonb);
  line jsonb;
  lines jsonb := '[]'::jsonb;
  quantity numeric;
  unit bigint;
  totals jsonb;
  valid timestamptz;
  previous public.quotes;
  saved public.quotes;
begin
  if not exists (select 1 from public.lead_recipients r where r.lead_id = p_lead_id and r.vendor_id = p_vendor_id and not r.spam) then
    raise exception 'No such request' using errcode = 'PT404', hint = 'no-request';
  end if;
  l := private.lead_move(p_lead_id, 'quote');
  if l.rental_start_date <= current_date then
    raise exception 'The rental has started' using errcode = 'P0001', hint = 'rental-started';
  end if;
  if jsonb_typeof(q->'lines') is distinct from 'array' or jsonb_array_length(q->'lines') not between 1 and 8 then
    raise exception 'A quote needs between 1 and 8 lines' using errcode = 'P0001', hint = 'quote-lines';
  end if;
  for line in select * from jsonb_array_elements(q->'lines') loop
    if coalesce(line->>'kind', '') not in ('rental', 'delivery', 'pickup', 'waiver', 'hours', 'fuel', 'fee')
       or length(trim(coalesce(line->>'label', ''))) not between 1 and 80 or (line->>'label') ~ '[\x01-\x1f\x7f-\x9f]'
       or jsonb_typeof(line->'quantity') is distinct from 'number' or jsonb_typeof(line->'unit_cents') is distinct from 'number' then
      raise exception 'A line is incomplete' using errcode = 'P0001', hint = 'quote-lines';
    end if;
    quantity := (line->>'quantity')::numeric;
    unit := (line->>'unit_cents')::numeric;
    if quantity < 0 or unit < 0 then
      raise exception 'Amounts cannot be negative' using errcode = 'P0001', hint = 'negative-amount';
    end if;
    if quantity = 0 or quantity > 1000 or scale(quantity) > 2 or unit > 10000000 or (line->>'unit_cents')::numeric <> unit then
      raise exception 'A line is out of range' using errcode = 'P0001', hint = 'quote-lines';
    end if;
    lines := lines || jsonb_build_object('kind', line->>'kind', 'label', trim(line->>'label'), 'quantity', quantity, 'unit_cents', unit);
  end loop;
  if coalesce((q->>'tax_percent')::numeric, 0) not between 0 and 20 or scale((q->>'tax_percent')::numeric) > 3 then
    raise exception 'Sales tax must be between 0 and 20 percent' using errcode = 'P0001', hint = 'quote-tax';
  end if;
  totals := private.quote_totals(lines, (q->>'tax_percent')::numeric);
  select coalesce(jsonb_agg(x.line || jsonb_build_object('amount_cents', totals->'amounts'->(x.n::int - 1)) order by x.n), '[]'::jsonb)
  into lines from jsonb_array_elements(lines) with ordinality x (line, n);
  if (q->>'total_cents')::bigint is distinct from (totals->>'total_cents')::bigint then
    raise exception 'The total does not match the lines' using errcode = 'P0001', hint = 'total-mismatch';
  end if;
  if (q->>'message') ~ '[\x01-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]' or (q->>'model') ~ '[\x01-\x1f\x7f-\x9f]' then
    raise exception 'A field of the quote holds a control character' using errcode = 'P0001', hint = 'quote-invalid';
  end if;
  valid := coalesce((q->>'valid_until')::timestamptz, least(now() + interval '3 days', l.rental_start_date::timestamptz));
  if valid <= now() or valid > now() + interval '14 days' or valid > l.rental_start_date::timestamptz then
    raise exception 'A quote is valid for at most 14 days, and not past the rental''s start' using errcode = 'P0001', hint = 'quote-window';
  end if;
  if not coalesce((q->>'available')::boolean, true)
     and ((q->>'alternate_start')::date is null or (q->>'alternate_end')::date is null
          or (q->>'alternate_end')::date < (q->>'alternate_start')::date or (q->>'alternate_start')::date <= current_date
          or (q->>'alternate_end')::date > (current_date + interval '1 year')::date) then
    raise exception 'Give the dates the machine is available instead' using errcode = 'P0001', hint = 'quote-dates';
  end if;

  update public.quotes x set status = 'replaced', closed_at = now()
  where x.lead_id = l.id and x.vendor_id = p_vendor_id and x.status = 'open'
  returning * into previous;
  insert into public.quotes (lead_id, vendor_id, revision, machine_class, model, available, alternate_start, alternate_end, lines,
                             included_hours, over_hour_cents, fuel_policy, tax_percent, subtotal_cents, tax_cents, total_cents,
                             message, valid_until)
  values (l.id, p_vendor_id,
          coalesce((select max(x.revision) from public.quotes x where x.lead_id = l.id and x.vendor_id = p_vendor_id), 0) + 1,
          q->>'machine_class', nullif(trim(coalesce(q->>'model', '')), ''), coalesce((q->>'available')::boolean, true),
          case when not coalesce((q->>'available')::boolean, true) then (q->>'alternate_start')::date end,
          case when not coalesce((q->>'available')::boolean, true) then (q->>'alternate_end')::date end,
          lines, (q->>'included_hours')::int, (q->>'over_hour_cents')::int, q->>'fuel_policy',
          (q->>'tax_percent')::numeric, (totals->>'subtotal_cents')::bigint, (totals->>'tax_cents')::bigint,
          (totals->>'total_cents')::bigint, nullif(trim(coalesce(q->>'message', '')), ''), valid)
  returning * into saved;

  update public.lead_recipients r set status = 'quoted', status_at = now(), status_reason = null,
    responded_at = coalesce(r.responded_at, now())
  where r.lead_id = l.id and r.vendor_id = p_vendor_id;
  perform public.review_invite_now(l.id);
  if l.renter_email is not null then
    insert into public.outbox_messages (lead_id, vendor_id, channel, kind, recipient, payload, quote_id)
    values (l.id, p_vendor_id, 'email', 'quote', l.renter_email,
            jsonb_build_object('quote_id', saved.id, 'revised', previous.id is not null), saved.id);
  end if;
  return to_jsonb(saved);
exception
  when invalid_text_representation or numeric_value_out_of_range or invalid_datetime_format or datetime_field_overflow then
    raise exception 'A field of the quote is not valid' using errcode = 'P0001', hint = 'quote-invalid';
  when check_violation then
    raise exception 'A field of the quote is not valid' using errcode = 'P0001', hint = 'quote-invalid';
end;
$$;

CREATE FUNCTION private.quote_totals(p_lines jsonb, p_tax_percent numeric) RETURNS jsonb
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  with amounts as (
    select l.n, round((l.line->>'quantity')::numeric * (l.line->>'unit_cents')::numeric)::bigint as cents
    from jsonb_array_elements(coalesce(p_lines, '[]'::jsonb)) with ordinality as l(line, n)
  ), subtotal as (
    select coalesce(jsonb_agg(a.cents order by a.n), '[]'::jsonb) as amounts, coalesce(sum(a.cents), 0)::bigint as cents
    from amounts a
  )
  select jsonb_build_object('amounts', s.amounts, 'subtotal_cents', s.cents, 'tax_cents', t.cents, 'total_cents', s.cents + t.cents)
  from subtotal s, lateral (select round(s.cents * coalesce(p_tax_percent, 0) / 100)::bigint as cents) t
$$;

CREATE FUNCTION private.quote_withdraw(p_vendor_id bigint, p_lead_id bigint) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  withdrawn public.quotes;
begin
  if not exists (select 1 from public.lead_recipients r where r.lead_id = p_lead_id and r.vendor_id = p_vendor_id) then
    raise exception 'No such request' using errcode = 'PT404', hint = 'no-request';
  end if;
  perform private.lead_move(p_lead_id, 'withdraw_quote');
  update public.quotes q set status = 'withdrawn', closed_at = now()
  where q.lead_id = p_lead_id and q.vendor_id = p_vendor_id and q.status = 'open'
  returning * into withdrawn;
  if withdrawn.id is null then
    raise exception 'There is no open quote to withdraw' using errcode = 'P0001', hint = 'no-quote';
  end if;
  update public.lead_recipients r set status = 'contacted', status_at = now(), status_reason = null
  where r.lead_id = p_lead_id and r.vendor_id = p_vendor_id and r.status = 'quoted';
  insert into public.outbox_messages (lead_id, vendor_id, channel, kind, recipient, payload, quote_id)
  select l.id, p_vendor_id, 'email', 'quote_withdrawn', l.renter_email, jsonb_build_object('quote_id', withdrawn.id), withdrawn.id
  from public.leads l where l.id = p_lead_id and l.renter_email is not null;
  return to_jsonb(withdrawn);
end;
$$;

CREATE FUNCTION private.recipient_emailed_at() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if tg_op = 'INSERT' then
    execute 'update public.lead_recipients r set emailed_at = m.sent_at
             from (select n.lead_id, n.vendor_id, max(n.sent_at) as sent_at from new_rows n
                   where n.kind = ''lead'' and n.channel = ''email'' and n.sent_at is not null group by 1, 2) m
             where r.lead_id = m.lead_id and r.vendor_id = m.vendor_id and r.emailed_at is distinct from m.sent_at';
  else
    execute 'update public.lead_recipients r set emailed_at = m.sent_at
             from (select n.lead_id, n.vendor_id, max(n.sent_at) as sent_at from new_rows n
                   join old_rows o on o.id = n.id and o.sent_at is distinct from n.sent_at
                   where n.kind = ''lead'' and n.channel = ''email'' and n.sent_at is not null group by 1, 2) m
             where r.lead_id = m.lead_id and r.vendor_id = m.vendor_id and r.emailed_at is distinct from m.sent_at';
  end if;
  return null;
end;
$$;

CREATE FUNCTION private.recipient_request_copies() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  select l.completed_at, l.spam into new.completed_at, new.spam from public.leads l where l.id = new.lead_id;
  new.spam := coalesce(new.spam, false);
  return new;
end;
$$;

CREATE FUNCTION private.refuse_after_erasure() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if new.lead_id is not null and exists (select 1 from public.leads l where l.id = new.lead_id and l.state = 'erased') then
    raise exception 'Rental request not found' using errcode = 'PT404', hint = 'no-request';
  end if;
  return new;
end;
$$;

CREATE FUNCTION private.renter_owns_lead(p_lead_id bigint, p_owner_token text, p_link_hash text) RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select exists (
    select 1 from public.leads l
    where l.id = p_lead_id and l.completed and l.state <> 'erased'
      and (l.owner_token_hash = encode(sha256(convert_to(coalesce(p_owner_token, ''), 'UTF8')), 'hex')
           or exists (select 1 from public.auth_links a where a.token_hash = p_link_hash and a.purpose = 'lead_status'
                      and a.lead_id = l.id and a.expires_at > now())));
$$;

CREATE FUNCTION private.review_booked(p_review_id bigint) RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select exists (
    select 1 from public.reviews r join public.bookings b on b.lead_id = r.lead_id and b.vendor_id = r.vendor_id and b.status = 'booked'
    where r.id = p_review_id and r.status = 'published');
$$;

CREATE FUNCTION private.review_counts() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if tg_op in ('UPDATE', 'DELETE') and old.status = 'published' then
    update public.vendors set review_count = review_count - 1, review_stars = review_stars - old.stars where id = old.vendor_id;
    update private.review_totals set count = count - 1, stars = stars - old.stars;
  end if;
  if tg_op in ('INSERT', 'UPDATE') and new.status = 'published' then
    update public.vendors set review_count = review_count + 1, review_stars = review_stars + new.stars where id = new.vendor_id;
    update private.review_totals set count = count + 1, stars = stars + new.stars;
  end if;
  return null;
end;
$$;

CREATE FUNCTION private.review_site_average() RETURNS numeric
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select coalesce(t.stars::numeric / nullif(t.count, 0), 0) from private.review_totals t;
$$;

CREATE FUNCTION private.serviced_counts() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if tg_op in ('DELETE', 'UPDATE') then
    update private.city_vendors cv set zips = cv.zips - x.zips
    from (select p.city_id, o.vendor_id, count(*)::int as zips from old_rows o join public.postcodes p on p.id = o.postcode_id group by 1, 2) x
    where cv.city_id = x.city_id and cv.vendor_id = x.vendor_id;
    -- A city loses a listed vendor when the last of its ZIP codes there goes.
    with gone as (
      delete from private.city_vendors cv
      using (select distinct p.city_id, o.vendor_id from old_rows o join public.postcodes p on p.id = o.postcode_id) x
      where cv.city_id = x.city_id and cv.vendor_id = x.vendor_id and cv.zips = 0
      returning cv.city_id, cv.vendor_id)
    update public.cities c set vendor_count = c.vendor_count - x.n
    from (select g.city_id, count(*)::int as n from gone g join public.vendors v on v.id = g.vendor_id where not v.hidden group by 1) x
    where c.id = x.city_id;
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    -- A city gains a listed vendor with the first of its ZIP codes there (a row just inserted has xmax 0).
    with added as (
      insert into private.city_vendors as cv (city_id, vendor_id, zips)
      select p.city_id, n.vendor_id, count(*)::int from new_rows n join public.postcodes p on p.id = n.postcode_id group by 1, 2
      on conflict (city_id, vendor_id) do update set zips = cv.zips + excluded.zips
      returning cv.city_id, cv.vendor_id, cv.xmax = 0 as first)
    update public.cities c set vendor_count = c.vendor_count + x.n
    from (select a.city_id, count(*)::int as n from added a join public.vendors v on v.id = a.vendor_id where a.first and not v.hidden group by 1) x
    where c.id = x.city_id;
  end if;
  return null;
end;
$$;

CREATE FUNCTION private.vendor_counts() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  -- Before a vendor is deleted, row by row: the ZIP codes it serves go after it and find nothing to count.
  if tg_op = 'DELETE' then
    if not old.hidden then
      update public.states st set vendor_count = st.vendor_count - 1
      from public.postcodes p join public.cities c on c.id = p.city_id where p.id = old.postcode_id and st.id = c.state_id;
      update public.cities c set vendor_count = c.vendor_count - 1
      from private.city_vendors cv where cv.vendor_id = old.id and c.id = cv.city_id;
    end if;
    delete from private.city_vendors cv where cv.vendor_id = old.id;
    return old;
  end if;
  -- After a statement that added or changed vendors: each listed vendor counts in its address's
  -- state, and in every city it serves; a change of address or of hidden moves or removes it.
  if tg_op = 'INSERT' then
    update public.states st set vendor_count = st.vendor_count + x.n
    from (select c.state_id, count(*)::int as n from new_rows n join public.postcodes p on p.id = n.postcode_id
          join public.cities c on c.id = p.city_id where not n.hidden group by 1) x
    where st.id = x.state_id;
    return null;
  end if;
  -- Planned on each call (execute): a plan kept from a call of a few rows would join a bulk update's
  -- old and new rows in a nested loop.
  execute 'update public.states st set vendor_count = st.vendor_count + x.n
      from (select c.state_id, sum(ch.change)::int as n from (
              select n.postcode_id, 1 as change from new_rows n join old_rows o on o.id = n.id
              where not n.hidden and (n.postcode_id is distinct from o.postcode_id or o.hidden)
              union all
              select o.postcode_id, -1 from new_rows n join old_rows o on o.id = n.id
              where not o.hidden and (n.postcode_id is distinct from o.postcode_id or n.hidden)) ch
            join public.postcodes p on p.id = ch.postcode_id join public.cities c on c.id = p.city_id
            group by 1) x
      where st.id = x.state_id and x.n <> 0';
  execute 'update public.cities c set vendor_count = c.vendor_count + x.n
      from (select cv.city_id, sum(case when n.hidden then -1 else 1 end)::int as n
            from new_rows n join old_rows o on o.id = n.id join private.city_vendors cv on cv.vendor_id = n.id
            where n.hidden <> o.hidden group by 1) x
      where c.id = x.city_id';
  return null;
end;
$$;

CREATE FUNCTION private.vendor_response(p_vendor_id bigint) RETURNS jsonb
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select jsonb_build_object('hours', v.response_hours, 'count', v.response_count)
  from public.vendors v
  where v.id = p_vendor_id and v.response_hours is not null and v.last_responded_at > now() - interval '90 days';
$$;

CREATE FUNCTION private.vendor_response_stats() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $_$
declare
  answered_by bigint[];
begin
  if tg_op = 'UPDATE' then
    execute 'select array(select distinct n.vendor_id from new_rows n join old_rows o on o.lead_id = n.lead_id and o.vendor_id = n.vendor_id
                          where n.responded_at is not null and n.responded_at is distinct from o.responded_at)' into answered_by;
  else
    execute 'select array(select distinct n.vendor_id from new_rows n where n.responded_at is not null)' into answered_by;
  end if;
  if cardinality(answered_by) = 0 then
    return null;
  end if;
  execute 'with answered as (
             select n.vendor_id, max(n.responded_at) as at from new_rows n
             where n.vendor_id = any ($1) and n.responded_at is not null group by 1)
           update public.vendors v set last_responded_at = greatest(v.last_responded_at, a.at), response_hours = x.hours, response_count = x.count
           from answered a left join private.vendor_responses($1) x on x.vendor_id = a.vendor_id
           where v.id = a.vendor_id' using answered_by;
  return null;
end;
$_$;

CREATE FUNCTION private.vendor_responses(p_vendor_ids bigint[]) RETURNS TABLE(vendor_id bigint, hours integer, count bigint)
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select r.vendor_id,
    greatest(ceil(percentile_cont(0.5) within group (order by extract(epoch from r.responded_at - r.emailed_at) / 3600)), 1)::int,
    count(*)
  from (select distinct u.id from unnest(p_vendor_ids) u(id)) ids
  join public.lead_recipients r on r.vendor_id = ids.id
  where r.responded_at > now() - interval '90 days' and r.responded_at >= r.emailed_at
  group by r.vendor_id
  having count(*) >= 3;
$$;

CREATE FUNCTION private.vendor_search_index_word(p_query text) RETURNS text
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
declare
  -- At most the four longest words are counted: each count is a query of its own.
  words constant text[] := array(select w from (select distinct w from regexp_split_to_table(lower(trim(p_query)), '\s+') w
                                                where length(w) >= 3) x order by length(w) desc, w limit 4);
  word text;
  hits int;
  rarest text;
  rarest_hits int := 100;
begin
  if cardinality(words) < 2 then
    return null;
  end if;
  foreach word in array words loop
    execute format('select count(*) from (select 1 from public.vendors v where v.search_text ilike %L limit 100) x',
      private.like_contains(word)) into hits;
    if hits < rarest_hits or (hits = rarest_hits and rarest is not null and length(word) > length(rarest)) then
      rarest := word;
      rarest_hits := hits;
    end if;
  end loop;
  return rarest;
end;
$$;

CREATE FUNCTION private.vendor_search_text() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  new.search_text := concat_ws(' ', new.name,
    (select c.name from public.postcodes p join public.cities c on c.id = p.city_id where p.id = new.postcode_id),
    public.website_key(new.site));
  return new;
end;
$$;

CREATE FUNCTION private.vendor_state_id() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  new.state_id := (select c.state_id from public.postcodes p join public.cities c on c.id = p.city_id where p.id = new.postcode_id);
  return new;
end;
$$;

CREATE TABLE public.articles (
    id bigint NOT NULL,
    slug text NOT NULL,
    title text NOT NULL,
    excerpt text,
    content text NOT NULL,
    cover_image text,
    published_at timestamp with time zone DEFAULT now() NOT NULL
);

COMMENT ON TABLE public.articles IS 'The articles published at /articles/<slug>.';

COMMENT ON COLUMN public.articles.excerpt IS 'The short summary shown in the list of articles.';

COMMENT ON COLUMN public.articles.content IS 'The article''s body as HTML, sanitized when a page renders it.';

COMMENT ON COLUMN public.articles.cover_image IS 'The path or URL of the article''s cover image.';

COMMENT ON COLUMN public.articles.published_at IS 'When the article was published: the list is newest first, and the sitemap gives it as the last modification.';

CREATE FUNCTION public.article_by_slug(p_slug text) RETURNS SETOF public.articles
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select * from public.articles a where a.slug = lower(p_slug);
$$;

CREATE FUNCTION public.articles_list() RETURNS TABLE(id bigint, slug text, title text, excerpt text, cover_image text, published_at timestamp with time zone)
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select a.id, a.slug, a.title, a.excerpt, a.cover_image, a.published_at
  from public.articles a order by a.published_at desc, a.id desc;
$$;

CREATE FUNCTION public.audit(p_operator text, p_action text, p_subject text, p_details jsonb DEFAULT '{}'::jsonb) RETURNS void
    LANGUAGE sql
    SET search_path TO ''
    AS $$
  insert into public.operator_audit (operator_email, action, subject, details)
  values (coalesce(p_operator, 'unknown'), p_action, p_subject, coalesce(p_details, '{}'::jsonb));
$$;

CREATE FUNCTION public.auth_throttle_record(p_keys jsonb, p_ok boolean) RETURNS integer
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  k jsonb;
  t public.auth_throttle;
  free int;
  longest int := 0;
  minutes int;
begin
  for k in select value from jsonb_array_elements(p_keys) loop
    if p_ok then
      if coalesce((k->>'clear')::boolean, false) then
        delete from public.auth_throttle a where a.key = k->>'key';
      end if;
      continue;
    end if;
    free := greatest(coalesce((k->>'free')::int, 5), 1);
    insert into public.auth_throttle as a (key, failures, last_failure_at) values (k->>'key', 1, now())
    on conflict (key) do update set
      failures = case when a.last_failure_at < now() - interval '1 hour' then 1 else a.failures + 1 end,
      last_failure_at = now()
    returning * into t;
    if t.failures >= free then
      minutes := least(power(2, least(t.failures - free, 4))::int, 15);
      update public.auth_throttle a set blocked_until = now() + make_interval(mins => minutes) where a.key = t.key;
      longest := greatest(longest, minutes * 60);
    end if;
  end loop;
  delete from public.auth_throttle a where a.last_failure_at < now() - interval '1 day';
  return longest;
end;
$$;

CREATE FUNCTION public.auth_throttle_wait(p_keys text[]) RETURNS integer
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select coalesce(ceil(max(extract(epoch from t.blocked_until - now())))::int, 0)
  from public.auth_throttle t where t.key = any (p_keys) and t.blocked_until > now();
$$;

CREATE FUNCTION public.business_answer_review(p_email text, p_review_id bigint, p_reply text, p_report_reason text) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  review public.reviews;
  v_reply text := nullif(trim(coalesce(p_reply, '')), '');
  v_report text := nullif(trim(coalesce(p_report_reason, '')), '');
begin
  select * into review from public.reviews r where r.id = p_review_id and r.status = 'published' for update;
  if review.id is null then
    raise exception 'No such review' using errcode = 'PT404', hint = 'no-review';
  end if;
  perform public.business_require_manager(p_email, review.vendor_id);
  if (v_reply is null) = (v_report is null) then
    raise exception 'Write a reply or a reason' using errcode = 'P0001', hint = 'reason-missing';
  end if;
  if length(coalesce(v_reply, '')) > 2000 or length(coalesce(v_report, '')) > 500 then
    raise exception 'A field is too long' using errcode = 'P0001', hint = 'too-long';
  end if;
  if v_reply is not null then
    update public.reviews r set reply = v_reply, replied_at = now(), updated_at = now() where r.id = p_review_id;
  else
    update public.reviews r set reported_at = now(), report_reason = v_report, updated_at = now() where r.id = p_review_id;
  end if;
  return public.vendor_address(review.vendor_id);
end;
$$;

CREATE FUNCTION public.business_claim_start(p_vendor_id bigint, p_email text, p_name text, p_phone text, p_note text, p_client_key text) RETURNS text
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v public.vendors;
  v_email text := lower(trim(coalesce(p_email, '')));
begin
  select * into v from public.vendors x where x.id = p_vendor_id and not x.hidden;
  if v.id is null then
    raise exception 'No such listing' using errcode = 'PT404', hint = 'no-listing';
  end if;
  if not public.is_email_address(v_email) then
    raise exception 'Please enter a valid email address' using errcode = 'P0001', hint = 'email';
  end if;
  if length(trim(coalesce(p_name, ''))) not between 2 and 200 then
    raise exception 'Please enter your name' using errcode = 'P0001', hint = 'name';
  end if;
  if length(coalesce(p_phone, '')) > 30 or length(coalesce(p_note, '')) > 2000 then
    raise exception 'A field is too long' using errcode = 'P0001', hint = 'too-long';
  end if;
  perform public.count_write_attempt('claim', p_client_key, interval '1 day', 5,
    'Too many claims from your connection today. Please try again tomorrow.');
  perform public.count_write_attempt('claim_listing', 'listing-' || lpad(v.id::text, 12, '0'), interval '1 day', 10,
    'This listing has had too many claims today. Please try again tomorrow.');
  if v.claimed_at is null and (v_email = v.email or split_part(v_email, '@', 2) = v.website_key) then
    insert into public.outbox_messages (kind, vendor_id, channel, recipient, payload)
    values ('claim_link', v.id, 'email', v_email, jsonb_build_object('listing', v.name));
    return 'link';
  end if;
  insert into public.vendor_claims (vendor_id, email, name, phone, note)
  values (v.id, v_email, trim(p_name), nullif(trim(p_phone), ''), nullif(trim(p_note), ''));
  return 'queued';
end;
$$;

CREATE FUNCTION public.business_claimable(p_vendor_id bigint) RETURNS jsonb
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select jsonb_build_object('id', v.id, 'name', v.name) from public.vendors v where v.id = p_vendor_id and not v.hidden;
$$;

CREATE FUNCTION public.business_leads(p_email text, p_limit integer DEFAULT 50) RETURNS jsonb
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  with settings as (
    select least(greatest(coalesce(p_limit, 50), 1), 1000) as page_size
  ),
  managed as (
    select m.vendor_id from public.vendor_managers m where m.email = lower(trim(coalesce(p_email, '')))
  ),
  received as (
    select x.* from managed m cross join settings cross join lateral (
      select r.lead_id as id, r.completed_at, r.vendor_id from public.lead_recipients r
      where r.vendor_id = m.vendor_id and r.completed_at is not null and not r.spam
      order by r.completed_at desc, r.lead_id desc
      limit settings.page_size + 1) x
    order by x.completed_at desc, x.id desc, x.vendor_id
    limit (select page_size from settings) + 1
  ),
  numbered as (select x.*, row_number() over (order by x.completed_at desc, x.id desc, x.vendor_id) as n from received x)
  select jsonb_build_object(
    'leads', coalesce((select jsonb_agg(jsonb_build_object('id', l.id, 'vendor_id', r.vendor_id, 'name', l.name, 'phone', l.phone,
        'skid_steer_type', l.skid_steer_type, 'rental_start_date', l.rental_start_date, 'rental_end_date', l.rental_end_date,
        'rental_days', l.rental_days, 'location', l.location, 'completed_at', l.completed_at, 'withdrawn_at', l.withdrawn_at,
        'reason', r.reason, 'status', r.status, 'status_reason', r.status_reason, 'status_at', r.status_at,
        'quote', (select to_jsonb(q) from public.quotes q where q.lead_id = l.id and q.vendor_id = r.vendor_id order by q.revision desc limit 1),
        'booking', (select jsonb_build_object('vendor_id', b.vendor_id, 'status', b.status) from public.bookings b where b.lead_id = l.id))
      order by x.n)
      from numbered x join public.leads l on l.id = x.id join public.lead_recipients r on r.lead_id = x.id and r.vendor_id = x.vendor_id
      where x.n <= (select page_size from settings)), '[]'::jsonb),
    'more', (select count(*) from numbered) > (select page_size from settings),
    -- Each listing's requests quoted in the last 90 days, and how many of them it won.
    'win_rates', coalesce((select jsonb_agg(jsonb_build_object('vendor_id', m.vendor_id,
        'quoted', (select count(distinct q.lead_id) from public.quotes q where q.vendor_id = m.vendor_id and q.created_at > now() - interval '90 days'),
        'booked', (select count(*) from public.bookings b join public.quotes q on q.id = b.quote_id
                   where b.vendor_id = m.vendor_id and b.status = 'booked' and q.created_at > now() - interval '90 days'
                     -- A booking follows its quote: this bound reads only the last 90 days' bookings.
                     and b.booked_at > now() - interval '90 days')))
      from managed m), '[]'::jsonb));
$$;

CREATE FUNCTION public.business_link_use(p_token_hash text, p_purpose text) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  link public.auth_links;
  v public.vendors;
begin
  update public.auth_links a set used_at = coalesce(a.used_at, now())
  where a.token_hash = p_token_hash and a.purpose = p_purpose and (a.used_at is null or a.purpose = 'opt_out') and a.expires_at > now()
  returning * into link;
  if link.token_hash is null then
    raise exception 'This link is invalid or has expired.' using errcode = 'PT404', hint = 'link-invalid';
  end if;
  if link.purpose = 'sign_in' then
    return jsonb_build_object('email', link.email, 'outcome', 'signed_in');
  end if;
  if link.purpose = 'opt_out' then
    update public.vendors x set leads_paused_at = coalesce(x.leads_paused_at, now()), updated_at = now() where x.id = link.vendor_id;
    perform public.audit('business ' || link.email, 'pause_leads', 'vendor ' || link.vendor_id, jsonb_build_object('by', 'emailed link'));
    return jsonb_build_object('email', link.email, 'vendor_id', link.vendor_id, 'outcome', 'opted_out',
      'address', public.vendor_address(link.vendor_id));
  end if;
  if link.purpose = 'lead_contacted' then
    update public.lead_recipients r set status = coalesce(r.status, 'contacted'), status_at = coalesce(r.status_at, now()),
      responded_at = coalesce(r.responded_at, now())
    where r.lead_id = link.lead_id and r.vendor_id = link.vendor_id;
    perform public.review_invite_now(link.lead_id);
    return jsonb_build_object('email', link.email, 'vendor_id', link.vendor_id, 'lead_id', link.lead_id, 'outcome', 'contacted',
      'address', public.vendor_address(link.vendor_id));
  end if;
  select * into v from public.vendors x where x.id = link.vendor_id for update;
  if v.claimed_at is not null or exists (select 1 from public.vendor_managers m where m.vendor_id = v.id and m.role = 'owner') then
    insert into public.vendor_claims (vendor_id, email, name, note)
    values (v.id, link.email, link.email, 'Confirmed by the emailed link after the listing was claimed');
    return jsonb_build_object('email', link.email, 'vendor_id', v.id, 'outcome', 'queued');
  end if;
  insert into public.vendor_managers (vendor_id, email, role, added_by) values (v.id, link.email, 'owner', 'claim link');
  update public.vendors x set claimed_at = now(), updated_at = now() where x.id = v.id;
  perform public.audit('business ' || link.email, 'claim', 'vendor ' || v.id, jsonb_build_object('by', 'emailed link'));
  return jsonb_build_object('email', link.email, 'vendor_id', v.id, 'outcome', 'owner');
end;
$$;

CREATE FUNCTION public.business_listings(p_email text) RETURNS jsonb
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select coalesce(jsonb_agg(public.operator_vendor(m.vendor_id) || jsonb_build_object(
      'role', m.role,
      'leads_paused', (select v.leads_paused_at is not null from public.vendors v where v.id = m.vendor_id),
      'hours', (select v.hours from public.vendors v where v.id = m.vendor_id),
      'rates', public.rate_card_json(m.vendor_id),
      'pending_change', (select c.changes from public.vendor_change_requests c where c.vendor_id = m.vendor_id and c.status = 'new'
                         order by c.id desc limit 1),
      'managers', (select jsonb_agg(jsonb_build_object('email', o.email, 'role', o.role) order by o.role desc, o.email)
                   from public.vendor_managers o where o.vendor_id = m.vendor_id))
    order by m.vendor_id), '[]'::jsonb)
  from public.vendor_managers m where m.email = lower(trim(coalesce(p_email, '')));
$$;

CREATE FUNCTION public.business_require_manager(p_email text, p_vendor_id bigint) RETURNS void
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
begin
  if not exists (select 1 from public.vendor_managers m where m.vendor_id = p_vendor_id and m.email = lower(trim(coalesce(p_email, '')))) then
    raise exception 'No such listing' using errcode = 'PT404', hint = 'no-listing';
  end if;
end;
$$;

CREATE FUNCTION public.business_reviews(p_email text, p_limit integer DEFAULT 50) RETURNS jsonb
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  with page as (
    select r.*, v.name as vendor_name, row_number() over (order by r.published_at desc, r.id desc) as n
    from public.vendor_managers m
    join public.reviews r on r.vendor_id = m.vendor_id and r.status = 'published'
    join public.vendors v on v.id = r.vendor_id
    where m.email = lower(trim(coalesce(p_email, '')))
    order by r.published_at desc, r.id desc
    limit least(greatest(coalesce(p_limit, 50), 1), 1000) + 1
  )
  select jsonb_build_object(
    'reviews', coalesce((select jsonb_agg(jsonb_build_object('id', p.id, 'vendor_id', p.vendor_id, 'vendor_name', p.vendor_name,
        'stars', p.stars, 'body', p.body, 'author', p.author, 'machine', p.machine, 'requested_at', p.requested_at,
        'published_at', p.published_at, 'reply', p.reply, 'replied_at', p.replied_at, 'reported', p.reported_at is not null,
        'booked', private.review_booked(p.id))
        order by p.n) from page p where p.n <= least(greatest(coalesce(p_limit, 50), 1), 1000)), '[]'::jsonb),
    'more', (select count(*) from page) > least(greatest(coalesce(p_limit, 50), 1), 1000));
$$;

CREATE FUNCTION public.business_save_quote(p_email text, p_vendor_id bigint, p_lead_id bigint, p_quote jsonb) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  perform public.business_require_manager(p_email, p_vendor_id);
  return private.quote_save(p_vendor_id, p_lead_id, p_quote);
end;
$$;

CREATE FUNCTION public.business_set_colleague(p_email text, p_vendor_id bigint, p_colleague text, p_add boolean) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_colleague text := lower(trim(coalesce(p_colleague, '')));
begin
  perform public.business_require_manager(p_email, p_vendor_id);
  if not public.is_email_address(v_colleague) then
    raise exception 'Please enter a valid email address' using errcode = 'P0001', hint = 'email';
  end if;
  if p_add then
    if (select count(*) from public.vendor_managers m where m.vendor_id = p_vendor_id) >= 10 then
      raise exception 'A listing has at most 10 people' using errcode = 'P0001', hint = 'team-full';
    end if;
    insert into public.vendor_managers (vendor_id, email, role, added_by) values (p_vendor_id, v_colleague, 'colleague', lower(trim(p_email)))
    on conflict (vendor_id, email) do nothing;
  else
    if exists (select 1 from public.vendor_managers m where m.vendor_id = p_vendor_id and m.email = v_colleague and m.role = 'owner') then
      raise exception 'The owner cannot be removed' using errcode = 'P0001', hint = 'owner-stays';
    end if;
    delete from public.vendor_managers m where m.vendor_id = p_vendor_id and m.email = v_colleague;
  end if;
  perform public.audit('business ' || lower(trim(p_email)), case when p_add then 'add_colleague' else 'remove_colleague' end,
    'vendor ' || p_vendor_id, jsonb_build_object('email', v_colleague));
end;
$$;

CREATE FUNCTION public.business_set_lead_status(p_email text, p_vendor_id bigint, p_lead_id bigint, p_status text, p_reason text) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  perform public.business_require_manager(p_email, p_vendor_id);
  if p_status is null or p_status not in ('contacted', 'quoted', 'won', 'lost', 'not_a_fit') then
    raise exception 'Unknown status' using errcode = 'P0001', hint = 'status';
  end if;
  if p_status in ('lost', 'not_a_fit') and length(trim(coalesce(p_reason, ''))) = 0 then
    raise exception 'Please give a reason' using errcode = 'P0001', hint = 'reason-missing';
  end if;
  if length(coalesce(p_reason, '')) > 500 then
    raise exception 'A field is too long' using errcode = 'P0001', hint = 'too-long';
  end if;
  if not exists (select 1 from public.lead_recipients r where r.lead_id = p_lead_id and r.vendor_id = p_vendor_id) then
    raise exception 'No such request' using errcode = 'PT404', hint = 'no-request';
  end if;
  perform private.lead_move(p_lead_id, 'set_status');
  update public.lead_recipients r set status = p_status, status_reason = nullif(trim(coalesce(p_reason, '')), ''), status_at = now(),
    responded_at = case when p_status in ('contacted', 'quoted') then coalesce(r.responded_at, now()) else r.responded_at end
  where r.lead_id = p_lead_id and r.vendor_id = p_vendor_id;
  if not found then
    raise exception 'No such request' using errcode = 'PT404', hint = 'no-request';
  end if;
  if p_status in ('contacted', 'quoted') then
    perform public.review_invite_now(p_lead_id);
  end if;
  return public.vendor_address(p_vendor_id);
end;
$$;

CREATE FUNCTION public.business_set_leads_paused(p_email text, p_vendor_id bigint, p_paused boolean) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  perform public.business_require_manager(p_email, p_vendor_id);
  update public.vendors v set leads_paused_at = case when p_paused then coalesce(v.leads_paused_at, now()) end, updated_at = now()
  where v.id = p_vendor_id;
  perform public.audit('business ' || lower(trim(p_email)), case when p_paused then 'pause_leads' else 'resume_leads' end, 'vendor ' || p_vendor_id);
end;
$$;

CREATE FUNCTION public.business_set_rate_card(p_email text, p_vendor_id bigint, p_card jsonb) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  perform public.business_require_manager(p_email, p_vendor_id);
  perform public.set_rate_card(p_vendor_id, p_card, 'business ' || lower(trim(p_email)));
  perform public.audit('business ' || lower(trim(p_email)), 'rates', 'vendor ' || p_vendor_id, coalesce(p_card, '{}'::jsonb));
end;
$$;

CREATE FUNCTION public.business_sign_in_start(p_email text, p_client_key text) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_email text := lower(trim(coalesce(p_email, '')));
begin
  if not public.is_email_address(v_email) then
    raise exception 'Please enter a valid email address' using errcode = 'P0001', hint = 'email';
  end if;
  perform public.count_write_attempt('sign_in', p_client_key, interval '1 hour', 10,
    'Too many sign-in requests from your connection. Please try again in an hour.');
  perform public.count_write_attempt('sign_in_email', 'email-' || md5(v_email), interval '1 hour', 5,
    'Too many sign-in requests for this address. Please try again in an hour.');
  if exists (select 1 from public.vendor_managers m where m.email = v_email) then
    insert into public.outbox_messages (kind, channel, recipient) values ('sign_in', 'email', v_email);
  end if;
end;
$$;

CREATE FUNCTION public.business_update_vendor(p_email text, p_vendor_id bigint, p_changes jsonb) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v public.vendors;
  actor text := 'business ' || lower(trim(p_email));
  wanted jsonb := '{}'::jsonb;
begin
  perform public.business_require_manager(p_email, p_vendor_id);
  select * into v from public.vendors x where x.id = p_vendor_id;
  if p_changes ? 'name' and trim(p_changes->>'name') is distinct from v.name then
    if length(trim(coalesce(p_changes->>'name', ''))) not between 2 and 200 then
      raise exception 'Name must be 2 to 200 characters' using errcode = 'P0001', hint = 'listing-name';
    end if;
    wanted := wanted || jsonb_build_object('name', trim(p_changes->>'name'));
  end if;
  if p_changes ? 'site' and nullif(trim(p_changes->>'site'), '') is not null
     and public.normalize_website(p_changes->>'site') is distinct from v.site then
    if public.normalize_website(p_changes->>'site') is null then
      raise exception 'Please enter a valid website URL (e.g. example.com)' using errcode = 'P0001', hint = 'website';
    end if;
    wanted := wanted || jsonb_build_object('site', public.normalize_website(p_changes->>'site'));
  end if;
  if wanted <> '{}'::jsonb then
    update public.vendor_change_requests c set status = 'rejected', review_reason = 'replaced by a newer request', reviewed_at = now()
    where c.vendor_id = p_vendor_id and c.status = 'new';
    insert into public.vendor_change_requests (vendor_id, email, changes) values (p_vendor_id, lower(trim(p_email)), wanted);
  end if;
  return jsonb_build_object('pending', wanted <> '{}'::jsonb) || public.operator_update_vendor(p_vendor_id,
    coalesce((select jsonb_object_agg(c.key, c.value) from jsonb_each(coalesce(p_changes, '{}'::jsonb)) c
              where c.key in ('phone', 'email', 'street', 'hours', 'description', 'photo', 'service_zips')), '{}'::jsonb),
    actor);
end;
$$;

CREATE FUNCTION public.business_withdraw_quote(p_email text, p_vendor_id bigint, p_lead_id bigint) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  perform public.business_require_manager(p_email, p_vendor_id);
  return private.quote_withdraw(p_vendor_id, p_lead_id);
end;
$$;

CREATE FUNCTION public.check_job_zip(p_zip text) RETURNS void
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $_$
begin
  if p_zip is null or p_zip !~ '^[0-9]{5}$' or not exists (select 1 from public.postcodes p where p.code = p_zip) then
    raise exception 'Please enter a valid US ZIP code for the job site' using errcode = 'P0001', hint = 'job-zip';
  end if;
end;
$_$;

CREATE FUNCTION public.check_rental_dates(p_start date, p_end date) RETURNS void
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
declare w record;
begin
  select * into w from public.rental_date_window();
  if p_start is not null and p_start < w.earliest then
    raise exception 'The start date cannot be in the past' using errcode = 'P0001', hint = 'start-past';
  end if;
  if p_start is not null and p_start > w.latest then
    raise exception 'The start date cannot be more than one year ahead' using errcode = 'P0001', hint = 'start-far';
  end if;
  if p_end is not null and p_end > w.latest then
    raise exception 'The end date cannot be more than one year ahead' using errcode = 'P0001', hint = 'end-far';
  end if;
  if p_start is not null and p_end is not null and p_end <= p_start then
    raise exception 'The end date must be after the start date' using errcode = 'P0001', hint = 'end-before-start';
  end if;
end;
$$;

CREATE FUNCTION public.city_page(p_country_slug text, p_state_slug text, p_city_slug text, p_offset integer DEFAULT 0, p_limit integer DEFAULT 48, p_sort text DEFAULT 'rating'::text) RETURNS jsonb
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select jsonb_build_object(
    'country', jsonb_build_object('name', co.name, 'slug', co.slug),
    'state', jsonb_build_object('id', st.id, 'name', st.name, 'slug', st.slug, 'code', st.code),
    'city', jsonb_build_object('id', c.id, 'name', c.name, 'slug', c.slug),
    'hero', public.hero_for('city'),
    'description', (select d.description from public.cities_additionaldetails d where d.city_id = c.id))
    || (with members as (
          select distinct e.vendor_id as id from public.vendors_serviced e
          join public.postcodes p on p.id = e.postcode_id
          where p.city_id = c.id
        ), listed as (
          select v.id, v.name,
                 v.review_count > 0 or v.response_hours is not null
                 or (p_sort = 'price' and exists (select 1 from public.rate_card_classes k where k.vendor_id = v.id)) as apart
          from members m join public.vendors v on v.id = m.id
        ), bounds as (
          select w.o, w.l, greatest(w.o - (select count(*) from listed x where x.apart), 0) as skipped
          from (select greatest(coalesce(p_offset, 0), 0) as o, least(greatest(coalesce(p_limit, 48), 1), 100) as l) w
        )
        select public.vendor_page_slice(array(
                 select x.id from listed x where x.apart
                 union all
                 (select x.id from listed x where not x.apart
                  order by x.name, x.id
                  offset b.skipped limit b.o + b.l - b.skipped)), (b.o - b.skipped)::int, b.l, p_sort)
               || jsonb_build_object('vendor_total', (select count(*) from members))
        from bounds b)
  from public.cities c
  join public.states st on st.id = c.state_id
  join public.countries co on co.id = st.country_id
  where co.slug = lower(p_country_slug) and st.slug = lower(p_state_slug)
    and c.slug = lower(p_city_slug);
$$;

CREATE FUNCTION public.city_prices(p_country_slug text, p_state_slug text, p_city_slug text, p_zip text, p_class text) RETURNS jsonb
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  with place as (
    select c.id as city_id, c.name as city_name, c.slug as city_slug, st.name as state_name, st.slug as state_slug,
           st.code as state_code, co.name as country_name, co.slug as country_slug
    from public.cities c
    join public.states st on st.id = c.state_id
    join public.countries co on co.id = st.country_id
    where co.slug = lower(p_country_slug) and st.slug = lower(p_state_slug) and c.slug = lower(p_city_slug)
  ), job as (
    -- The ZIP's city, read once for every vendor's miles (as vendor_miles_to_zip reckons them).
    select jc.latitude, jc.longitude from public.postcodes jp join public.cities jc on jc.id = jp.city_id
    where jp.code = p_zip limit 1
  ), serving as (
    select distinct e.vendor_id from public.vendors_serviced e
    join public.postcodes p on p.id = e.postcode_id
    join place on place.city_id = p.city_id
  ), priced as (
    select v, k.day_rate from public.vendors v
    join serving s on s.vendor_id = v.id
    join public.rate_card_classes k on k.vendor_id = v.id and k.class = p_class
    join public.rate_cards r on r.vendor_id = v.id
    order by k.day_rate, v.rating desc nulls last, v.id
    limit 100
  )
  select jsonb_build_object(
    'country', jsonb_build_object('name', place.country_name, 'slug', place.country_slug),
    'state', jsonb_build_object('name', place.state_name, 'slug', place.state_slug, 'code', place.state_code),
    'city', jsonb_build_object('name', place.city_name, 'slug', place.city_slug),
    'zip_known', exists (select 1 from job),
    'vendors', coalesce((
      select jsonb_agg(jsonb_build_object('vendor', public.vendor_card(v),
               'miles', round(public.distance_miles(job.latitude, job.longitude, vc.latitude, vc.longitude)::numeric, 1)::double precision,
               'rates', public.rate_card_json((v).id)) order by day_rate, (v).id)
      from priced
      left join public.postcodes vp on vp.id = (v).postcode_id
      left join public.cities vc on vc.id = vp.city_id
      left join job on true), '[]'::jsonb),
    'without_rates', (select count(*) from public.vendors v join serving s on s.vendor_id = v.id)
                     - (select count(*) from priced))
  from place;
$$;

CREATE FUNCTION public.city_zip(p_state_slug text, p_city_slug text) RETURNS text
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select min(p.code) from public.postcodes p
  join public.cities c on c.id = p.city_id
  join public.states s on s.id = c.state_id
  where s.country_id = 1 and s.slug = p_state_slug and c.slug = p_city_slug;
$$;

CREATE FUNCTION public.claim_outbox_messages(p_limit integer DEFAULT 20, p_lease_seconds integer DEFAULT 120) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare claimed jsonb;
begin
  with due as (
    select m.id from public.outbox_messages m
    where (m.status = 'pending' and m.next_attempt_at <= now())
       or (m.status = 'sending' and m.claimed_until < now())
    order by m.next_attempt_at, m.id
    limit least(greatest(coalesce(p_limit, 20), 1), 100)
    for update skip locked
  ),
  taken as (
    update public.outbox_messages m set
      status = 'sending', attempts = m.attempts + 1, claim_id = gen_random_uuid(),
      claimed_until = now() + make_interval(secs => greatest(coalesce(p_lease_seconds, 120), 10))
    from due where m.id = due.id
    returning m.*
  )
  select coalesce(jsonb_agg(jsonb_build_object(
      'id', t.id, 'claim_id', t.claim_id, 'channel', t.channel, 'attempts', t.attempts,
      'kind', t.kind, 'payload', t.payload, 'recipient', t.recipient,
      'lead', case when l.id is not null then jsonb_build_object(
        'id', l.id, 'name', l.name, 'phone', l.phone, 'email', l.renter_email, 'skid_steer_type', l.skid_steer_type,
        'rental_start_date', l.rental_start_date, 'rental_end_date', l.rental_end_date,
        'rental_days', l.rental_days, 'location', l.location, 'completed_at', l.completed_at,
        'vendor_id', l.vendor_id, 'vendor_name', l.vendor_name) end,
      'vendor', (select jsonb_build_object('id', v.id, 'name', v.name, 'email', v.email, 'reason', r.reason,
                                           'distance_miles', r.distance_miles)
                 from public.vendors v left join public.lead_recipients r on r.vendor_id = v.id and r.lead_id = l.id
                 where v.id = t.vendor_id),
      'recipients', (select coalesce(jsonb_agg(jsonb_build_object('vendor_id', r.vendor_id, 'vendor_name', v.name,
                                                                   'reason', r.reason) order by r.rank), '[]'::jsonb)
                     from public.lead_recipients r join public.vendors v on v.id = r.vendor_id where r.lead_id = l.id))
      order by t.id), '[]'::jsonb)
  into claimed
  from taken t left join public.leads l on l.id = t.lead_id;
  return claimed;
end;
$$;

CREATE FUNCTION public.complete_lead(p_lead_id bigint, p_owner_token text, p_skid_steer_type text, p_rental_start_date date, p_rental_end_date date, p_name text, p_phone text, p_location text, p_widen boolean DEFAULT false, p_webhook boolean DEFAULT false, p_renter_email text DEFAULT NULL::text, p_consent jsonb DEFAULT NULL::jsonb, p_client_hash text DEFAULT NULL::text) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $_$
declare
  v_lead bigint;
  chosen bigint;
  days int;
  recipients int;
  consent text;
begin
  v_lead := public.owned_open_lead(p_lead_id, p_owner_token);
  if p_skid_steer_type is null or p_skid_steer_type not in ('wheeled', 'tracked') then
    raise exception 'Skid steer type must be wheeled or tracked' using errcode = 'P0001', hint = 'machine-type';
  end if;
  if length(trim(coalesce(p_name, ''))) < 2 then
    raise exception 'Name must be at least 2 characters' using errcode = 'P0001', hint = 'renter-name';
  end if;
  if length(p_name) > 100 then
    raise exception 'Name is too long' using errcode = 'P0001', hint = 'too-long';
  end if;
  if length(trim(coalesce(p_phone, ''))) < 10 or length(p_phone) > 30 then
    raise exception 'Please enter a valid phone number' using errcode = 'P0001', hint = 'phone';
  end if;
  if p_rental_start_date is null or p_rental_end_date is null then
    raise exception 'Both rental dates are required' using errcode = 'P0001', hint = 'dates-missing';
  end if;
  perform public.check_rental_dates(p_rental_start_date, p_rental_end_date);
  perform public.check_job_zip(p_location);
  if p_renter_email is not null and (length(p_renter_email) > 254 or not public.is_email_address(lower(trim(p_renter_email)))) then
    raise exception 'Please enter a valid email address' using errcode = 'P0001', hint = 'email';
  end if;
  -- Whole dates: the day difference is already an integer, its own ceiling.
  days := p_rental_end_date - p_rental_start_date;
  perform private.lead_move(v_lead, 'send');
  update public.leads l set
    step = 3, completed_at = now(), updated_at = now(),
    skid_steer_type = p_skid_steer_type, rental_start_date = p_rental_start_date,
    rental_end_date = p_rental_end_date, rental_days = days,
    name = trim(p_name), phone = trim(p_phone), location = p_location,
    widen = coalesce(p_widen, false), renter_email = lower(trim(p_renter_email))
  where l.id = v_lead
  returning l.vendor_id into chosen;

  insert into public.lead_recipients (lead_id, vendor_id, reason, rank, distance_miles)
  select v_lead, r.vendor_id, r.reason, r.rank, r.distance_miles
  from public.lead_route(p_location, chosen, p_widen) r;
  insert into public.outbox_messages (lead_id, vendor_id, channel)
  select v_lead, r.vendor_id, 'email' from public.lead_recipients r where r.lead_id = v_lead;
  if p_webhook then
    insert into public.outbox_messages (lead_id, channel) values (v_lead, 'webhook');
  end if;
  select count(*) into recipients from public.lead_recipients r where r.lead_id = v_lead;
  if recipients = 0 then
    update public.leads l set no_recipients = true where l.id = v_lead;
  end if;
  -- The sentence shown must be the site's own, naming exactly the vendors the request is routed to.
  consent := private.consent_text(array(select v.name from public.lead_recipients r join public.vendors v on v.id = r.vendor_id
                                        where r.lead_id = v_lead order by r.rank));
  if (p_consent->>'text') is distinct from consent then
    raise exception 'The vendors the request goes to have changed' using errcode = 'P0001', hint = 'consent-changed';
  end if;
  if length(coalesce(p_consent->>'page', '')) not between 1 and 300
     or (p_consent->>'page') !~ '^/([A-Za-z0-9_~-][A-Za-z0-9._~-]*(/[A-Za-z0-9_~-][A-Za-z0-9._~-]*)*)?$' then
    raise exception 'The page the request was sent from is not a page of the site' using errcode = 'P0001', hint = 'consent-page';
  end if;
  insert into public.lead_consents (lead_id, text, vendor_ids, page, client_hash)
  values (v_lead, consent, array(select r.vendor_id from public.lead_recipients r where r.lead_id = v_lead order by r.rank),
          p_consent->>'page', p_client_hash);
  if p_renter_email is not null then
    insert into public.outbox_messages (kind, lead_id, channel, recipient, payload)
    select 'renter_copy', v_lead, 'email', lower(trim(p_renter_email)), jsonb_build_object('recipients', coalesce(jsonb_agg(
             jsonb_build_object('name', v.name, 'phone', v.phone) order by r.rank), '[]'::jsonb))
    from public.lead_recipients r join public.vendors v on v.id = r.vendor_id where r.lead_id = v_lead;
    -- The invitation to review waits for the morning of the rental's start date, or for a
    -- vendor to mark the request contacted (review_invite_now), whichever comes first.
    insert into public.outbox_messages (kind, lead_id, channel, recipient, next_attempt_at)
    values ('review_invite', v_lead, 'email', lower(trim(p_renter_email)),
            greatest(now(), (p_rental_start_date::timestamp + interval '14 hours') at time zone 'UTC'));
  end if;
  return jsonb_build_object('id', v_lead, 'rental_days', days, 'recipients', recipients);
end;
$_$;

CREATE FUNCTION public.count_write_attempt(p_kind text, p_client_key text, p_window interval, p_limit integer, p_message text) RETURNS void
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
begin
  if p_client_key is null or length(p_client_key) not between 8 and 128 then
    raise exception 'A client key is required' using errcode = 'P0001', hint = 'client-key';
  end if;
  perform pg_advisory_xact_lock(hashtextextended(p_kind || ':' || p_client_key, 0));
  delete from public.write_attempts a
  where a.kind = p_kind and a.client_key = p_client_key and a.created_at <= now() - p_window;
  if (select count(*) from public.write_attempts a
      where a.kind = p_kind and a.client_key = p_client_key) >= p_limit then
    raise exception '%', p_message using errcode = 'PT429', hint = 'limit-' || replace(p_kind, '_', '-');
  end if;
  insert into public.write_attempts (kind, client_key) values (p_kind, p_client_key);
end;
$$;

CREATE FUNCTION public.country_page(p_country_slug text) RETURNS jsonb
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select jsonb_build_object(
    'country', jsonb_build_object('id', co.id, 'name', co.name, 'code', co.code, 'slug', co.slug),
    'hero', public.hero_for('country'),
    'seo_body_text', (select g.seo_body_text from public.skidsteer_config g limit 1),
    'states', coalesce((
      select jsonb_agg(jsonb_build_object('state_id', s.state_id, 'state_name', s.state_name,
               'state_slug', s.state_slug, 'vendor_count', s.vendor_count, 'featured', s.featured)
             order by s.vendor_count desc, s.state_name)
      from public.states_with_vendors s where s.country_id = co.id), '[]'::jsonb),
    'vendors', coalesce((
      select jsonb_agg(public.vendor_card(v) order by v.rating desc nulls last, v.name)
      from (select v.* from public.vendors v
            join public.postcodes p on p.id = v.postcode_id
            join public.cities c on c.id = p.city_id
            join public.states st on st.id = c.state_id
            where st.country_id = co.id
            order by v.rating desc nulls last, v.name
            limit 50) v), '[]'::jsonb))
  from public.countries co
  where co.slug = lower(p_country_slug);
$$;

CREATE FUNCTION public.create_lead(p_owner_token text, p_client_key text DEFAULT NULL::text, p_vendor_id bigint DEFAULT NULL::bigint) RETURNS bigint
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_name text;
  new_id bigint;
begin
  if p_owner_token is null or length(p_owner_token) < 32 or length(p_owner_token) > 128 then
    raise exception 'Invalid owner token' using errcode = 'P0001', hint = 'owner-token';
  end if;
  if length(p_client_key) > 128 then
    raise exception 'Invalid client key' using errcode = 'P0001', hint = 'client-key';
  end if;
  if p_vendor_id is not null then
    select v.name into v_name from public.vendors v where v.id = p_vendor_id;
    if v_name is null then
      raise exception 'Unknown vendor' using errcode = 'P0001', hint = 'no-record';
    end if;
  end if;
  perform public.count_write_attempt('lead', p_client_key, interval '1 hour', 30,
    'Too many rental requests from your connection. Please try again later.');
  insert into public.leads (vendor_id, vendor_name, step, location, name, phone, rental_days, owner_token_hash, client_key)
  values (p_vendor_id, v_name, 1, 'pending', '', '', 1,
          encode(sha256(convert_to(p_owner_token, 'UTF8')), 'hex'), p_client_key)
  returning id into new_id;
  return new_id;
end;
$$;

CREATE FUNCTION public.distance_miles(lat1 double precision, lng1 double precision, lat2 double precision, lng2 double precision) RETURNS double precision
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select 3958.8 * 2 * asin(sqrt(
    power(sin(radians(lat2 - lat1) / 2), 2)
    + cos(radians(lat1)) * cos(radians(lat2)) * power(sin(radians(lng2 - lng1) / 2), 2)));
$$;

CREATE FUNCTION public.equipment_by_slug(p_model_slug text) RETURNS jsonb
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select public.equipment_model_json(m) from public.equipment_models m where m.slug = lower(p_model_slug);
$$;

CREATE FUNCTION public.equipment_list() RETURNS jsonb
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select coalesce(jsonb_agg(public.equipment_model_json(m) order by m.name), '[]'::jsonb)
  from public.equipment_models m;
$$;

CREATE TABLE public.equipment_models (
    id bigint NOT NULL,
    name text NOT NULL,
    slug text NOT NULL,
    image_url text,
    sticker text,
    description text,
    site text,
    operating_capacity numeric,
    operating_weight numeric,
    engine_power numeric,
    lift_pattern text,
    hydraulic_power_hp numeric,
    hydraulic_pressure_psi numeric,
    hydraulic_flow_gpm numeric,
    height numeric,
    width numeric,
    length numeric,
    length_with_bucket numeric,
    capacity_basis text,
    power_basis text,
    source_url text,
    manufacturer_id bigint,
    type_id bigint,
    sources text[] DEFAULT '{}'::text[] NOT NULL,
    CONSTRAINT equipment_models_lift_pattern_check CHECK ((lift_pattern = ANY (ARRAY['Radial'::text, 'Vertical'::text])))
);

COMMENT ON TABLE public.equipment_models IS 'The model catalogue: one row per machine model with its published figures, each with a page at /us/skidsteers/<manufacturer>/<slug>.';

COMMENT ON COLUMN public.equipment_models.image_url IS 'The path of the model''s drawing.';

COMMENT ON COLUMN public.equipment_models.sticker IS 'A badge such as "Highest Capacity (50% rating)" or "Narrowest", computed from the published figures: the model leads the catalogue on that figure among models rated on the same basis; null for none.';

COMMENT ON COLUMN public.equipment_models.site IS 'The manufacturer''s website as the source data gives it for the model.';

COMMENT ON COLUMN public.equipment_models.operating_capacity IS 'Rated operating capacity in pounds, on the basis capacity_basis states.';

COMMENT ON COLUMN public.equipment_models.operating_weight IS 'Operating weight in pounds.';

COMMENT ON COLUMN public.equipment_models.engine_power IS 'Engine power in horsepower, on the basis power_basis states.';

COMMENT ON COLUMN public.equipment_models.lift_pattern IS 'Radial (the arms swing in an arc) or Vertical (the bucket rises straight up).';

COMMENT ON COLUMN public.equipment_models.hydraulic_power_hp IS 'Hydraulic power in horsepower.';

COMMENT ON COLUMN public.equipment_models.hydraulic_pressure_psi IS 'Auxiliary hydraulic pressure in psi.';

COMMENT ON COLUMN public.equipment_models.hydraulic_flow_gpm IS 'Auxiliary hydraulic flow in US gallons per minute.';

COMMENT ON COLUMN public.equipment_models.height IS 'Height in inches.';

COMMENT ON COLUMN public.equipment_models.width IS 'Width in inches.';

COMMENT ON COLUMN public.equipment_models.length IS 'Length without bucket in inches.';

COMMENT ON COLUMN public.equipment_models.length_with_bucket IS 'Length with the bucket in inches.';

COMMENT ON COLUMN public.equipment_models.capacity_basis IS 'What the operating capacity is rated on, e.g. "50% of tipping load" (wheeled) or "35% of tipping load" (tracked); models are ranked on it only against the same basis.';

COMMENT ON COLUMN public.equipment_models.power_basis IS 'Whether engine_power is gross or net; models are ranked on it only against the same basis.';

COMMENT ON COLUMN public.equipment_models.source_url IS 'The page the model''s figures were taken from, linked from its page.';

COMMENT ON COLUMN public.equipment_models.sources IS 'Every source behind the figures, as listed on the model page: URLs, owner/repo@commit:path files on GitHub, or a described index entry.';

CREATE FUNCTION public.equipment_model_json(m public.equipment_models) RETURNS jsonb
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select to_jsonb(m) - 'manufacturer_id' - 'type_id'
    || jsonb_build_object(
      'equipment_manufacturer', (select jsonb_build_object('id', f.id, 'name', f.name, 'slug', f.slug, 'site', f.site)
                                 from public.equipment_manufacturer f where f.id = m.manufacturer_id),
      'equipment_type', (select jsonb_build_object('id', t.id, 'name', t.name, 'slug', t.slug)
                         from public.equipment_type t where t.id = m.type_id));
$$;

CREATE FUNCTION public.find_city_for_zip(p_code text, p_latitude double precision DEFAULT NULL::double precision, p_longitude double precision DEFAULT NULL::double precision) RETURNS jsonb
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  with target as (
    select c.id, coalesce(p_latitude, c.latitude) as lat, coalesce(p_longitude, c.longitude) as lng
    from (select 1) one
    left join public.postcodes p on p.code = p_code
    left join public.cities c on c.id = p.city_id
  )
  select jsonb_build_object('city_name', cv.city_name, 'city_slug', cv.city_slug,
                            'state_slug', cv.state_slug, 'exact', coalesce(cv.city_id = t.id, false))
  from target t
  cross join public.cities_with_vendors cv
  join public.cities c on c.id = cv.city_id
  where t.lat is not null or cv.city_id = t.id
  order by (cv.city_id = t.id) desc,
           power(c.latitude - t.lat, 2) + power((c.longitude - t.lng) * cos(radians(t.lat)), 2)
  limit 1;
$$;

CREATE FUNCTION public.footer_states() RETURNS TABLE(state_id bigint, state_name text, state_slug text, vendor_count integer)
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select s.state_id, s.state_name, s.state_slug, s.vendor_count
  from public.states_with_vendors s
  where s.country_id = 1
  order by s.vendor_count desc, s.state_name
  limit 3;
$$;

CREATE FUNCTION public.hero_for(p_page_type text) RETURNS jsonb
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select coalesce(
    (select jsonb_build_object('hero_h1_headline', h.hero_h1_headline,
                               'hero_h2_subtitle1', h.hero_h2_subtitle1,
                               'hero_h2_subtitle2', h.hero_h2_subtitle2)
       from public.hero_config h where h.page_type = p_page_type),
    (select jsonb_build_object('hero_h1_headline', g.hero_h1_headline,
                               'hero_h2_subtitle1', g.hero_h2_subtitle1,
                               'hero_h2_subtitle2', g.hero_h2_subtitle2)
       from public.skidsteer_config g limit 1));
$$;

CREATE FUNCTION public.import_vendor_row(r jsonb) RETURNS jsonb
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $_$
declare
  v_state public.states;
  v_city public.cities;
  v_postcode public.postcodes;
  existing public.vendors;
  v_site text := public.normalize_website(r->>'website');
  key text := public.website_key(v_site);
  zips text[];
  unknown text;
  v_id bigint;
  v_rating numeric;
  v_full_address text;
  changed boolean := false;
  v_card jsonb := case when jsonb_typeof(r->'rate_card') = 'object' then r->'rate_card' end;
  card_before jsonb;
  problem jsonb := public.rate_card_problem(v_card);
begin
  if length(trim(coalesce(r->>'name', ''))) not between 2 and 200 then return jsonb_build_object('action', 'rejected', 'reason', 'import-name'); end if;
  if v_site is null or length(r->>'website') > 300 then
    return jsonb_build_object('action', 'rejected', 'reason', 'import-website');
  end if;
  if length(trim(coalesce(r->>'phone', ''))) not between 10 and 30 then return jsonb_build_object('action', 'rejected', 'reason', 'import-phone'); end if;
  if nullif(trim(r->>'email'), '') is not null and not public.is_email_address(lower(trim(r->>'email'))) then
    return jsonb_build_object('action', 'rejected', 'reason', 'import-email');
  end if;
  if length(trim(coalesce(r->>'street', ''))) not between 3 and 300 then return jsonb_build_object('action', 'rejected', 'reason', 'import-street'); end if;
  select st.* into v_state from public.states st
  where st.country_id = 1 and (upper(st.code) = upper(trim(r->>'state')) or lower(st.name) = lower(trim(r->>'state')) or st.slug = lower(trim(r->>'state')));
  if v_state.id is null then return jsonb_build_object('action', 'rejected', 'reason', 'import-state', 'values', jsonb_build_array(coalesce(r->>'state', ''))); end if;
  select c.* into v_city from public.cities c where c.state_id = v_state.id and lower(c.name) = lower(trim(r->>'city')) order by c.id limit 1;
  if v_city.id is null then return jsonb_build_object('action', 'rejected', 'reason', 'import-city', 'values', jsonb_build_array(coalesce(r->>'city', ''), v_state.code)); end if;
  select p.* into v_postcode from public.postcodes p where p.code = trim(r->>'zip') and p.city_id = v_city.id;
  if v_postcode.id is null then return jsonb_build_object('action', 'rejected', 'reason', 'import-zip', 'values', jsonb_build_array(coalesce(r->>'zip', ''), v_city.name, v_state.code)); end if;
  if nullif(trim(r->>'rating'), '') is not null then
    if trim(r->>'rating') !~ '^[0-9](\.[0-9])?$' or (r->>'rating')::numeric > 5 then
      return jsonb_build_object('action', 'rejected', 'reason', 'import-rating');
    end if;
    v_rating := (r->>'rating')::numeric;
  end if;
  if length(coalesce(r->>'description', '')) > 5000 then return jsonb_build_object('action', 'rejected', 'reason', 'import-description'); end if;
  if nullif(trim(r->>'service_zips'), '') is not null then
    zips := array(select distinct z from regexp_split_to_table(trim(r->>'service_zips'), '[\s;,]+') z where z <> '' order by z);
    select z into unknown from unnest(zips) z where z !~ '^[0-9]{5}$' or not exists (select 1 from public.postcodes p where p.code = z) limit 1;
    if unknown is not null then return jsonb_build_object('action', 'rejected', 'reason', 'import-service-zip', 'values', jsonb_build_array(unknown)); end if;
  else
    zips := array(select p.code from public.postcodes p where p.city_id = v_city.id order by p.code);
  end if;
  if v_card is not null and problem is not null then
    return jsonb_build_object('action', 'rejected', 'reason', 'import-rates', 'values', jsonb_build_array(problem->>'code'));
  end if;
  v_full_address := trim(r->>'street') || ', ' || v_city.name || ', ' || v_state.code || ' ' || v_postcode.code;

  select * into existing from public.vendors v where v.website_key = key order by v.id limit 1;
  if existing.id is null then
    insert into public.vendors (name, slug, site, email, phone, full_address, street, rating, postcode_id, listed_at)
    values (trim(r->>'name'), public.unique_vendor_slug(trim(r->>'name') || ' ' || v_city.name), v_site,
            lower(nullif(trim(r->>'email'), '')), trim(r->>'phone'), v_full_address, trim(r->>'street'), v_rating, v_postcode.id, now())
    returning id into v_id;
    insert into public.vendors_additionaldetails (vendor_id, description) values (v_id, nullif(trim(r->>'description'), ''));
    insert into public.vendors_serviced (vendor_id, postcode_id) select v_id, p.id from public.postcodes p where p.code = any (zips);
    if v_card is not null then
      perform public.set_rate_card(v_id, v_card, 'import');
    end if;
    return jsonb_build_object('action', 'created', 'vendor_id', v_id);
  end if;

  v_id := existing.id;
  if (existing.name, existing.site, existing.email, existing.phone, existing.street, existing.full_address, existing.postcode_id)
     is distinct from (trim(r->>'name'), v_site, lower(nullif(trim(r->>'email'), '')), trim(r->>'phone'), trim(r->>'street'), v_full_address, v_postcode.id)
     or (nullif(trim(r->>'rating'), '') is not null and existing.rating is distinct from v_rating) then
    update public.vendors v set name = trim(r->>'name'), site = v_site, email = lower(nullif(trim(r->>'email'), '')),
      phone = trim(r->>'phone'), street = trim(r->>'street'), full_address = v_full_address, postcode_id = v_postcode.id,
      rating = case when nullif(trim(r->>'rating'), '') is not null then v_rating else v.rating end, updated_at = now()
    where v.id = v_id;
    changed := true;
  end if;
  if r ? 'description' and nullif(trim(r->>'description'), '') is distinct from
     (select d.description from public.vendors_additionaldetails d where d.vendor_id = v_id) then
    insert into public.vendors_additionaldetails (vendor_id, description) values (v_id, nullif(trim(r->>'description'), ''))
    on conflict (vendor_id) do update set description = excluded.description;
    changed := true;
  end if;
  if zips is distinct from array(select p.code from public.vendors_serviced s join public.postcodes p on p.id = s.postcode_id
                                 where s.vendor_id = v_id order by p.code) then
    delete from public.vendors_serviced s where s.vendor_id = v_id;
    insert into public.vendors_serviced (vendor_id, postcode_id) select v_id, p.id from public.postcodes p where p.code = any (zips);
    changed := true;
  end if;
  if v_card is not null then
    card_before := public.rate_card_json(v_id) - 'confirmed_on';
    perform public.set_rate_card(v_id, v_card, 'import');
    changed := changed or card_before is distinct from public.rate_card_json(v_id) - 'confirmed_on';
  end if;
  return jsonb_build_object('action', case when changed then 'updated' else 'unchanged' end, 'vendor_id', v_id);
end;
$_$;

CREATE FUNCTION public.lead_email_links(p_lead_id bigint, p_vendor_id bigint, p_contacted_hash text, p_opt_out_hash text, p_claim_hash text, p_quote_hash text) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v public.vendors;
begin
  select x.* into v from public.vendors x
  join public.lead_recipients r on r.vendor_id = x.id and r.lead_id = p_lead_id
  where x.id = p_vendor_id and x.email is not null;
  if v.id is null then
    raise exception 'No such recipient' using errcode = 'PT404', hint = 'no-record';
  end if;
  insert into public.auth_links (token_hash, purpose, email, vendor_id, lead_id, expires_at) values
    (p_contacted_hash, 'lead_contacted', v.email, v.id, p_lead_id, now() + interval '30 days'),
    (p_quote_hash, 'lead_quote', v.email, v.id, p_lead_id, now() + interval '30 days'),
    (p_opt_out_hash, 'opt_out', v.email, v.id, null, now() + interval '1 year');
  if v.claimed_at is null then
    insert into public.auth_links (token_hash, purpose, email, vendor_id, expires_at)
    values (p_claim_hash, 'claim', v.email, v.id, now() + interval '7 days');
  end if;
  return jsonb_build_object('claim', v.claimed_at is null);
end;
$$;

CREATE FUNCTION public.lead_recipient_lists(p_lead_ids bigint[]) RETURNS TABLE(lead_id bigint, recipients jsonb)
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  -- Lead by lead (a lateral read of each one's rows through their index), never a join of every recipient.
  select ids.id, x.list
  from (select distinct u.id from unnest(p_lead_ids) u(id)) ids
  cross join lateral (
    select jsonb_agg(jsonb_build_object('vendor_id', r.vendor_id, 'vendor_name', v.name, 'reason', r.reason,
        'rank', r.rank, 'distance_miles', r.distance_miles, 'status', r.status, 'status_reason', r.status_reason,
        'responded_at', r.responded_at,
        'response_hours', (select round((extract(epoch from r.responded_at - m.sent_at) / 3600)::numeric, 1)
                           from public.outbox_messages m
                           where m.lead_id = r.lead_id and m.vendor_id = r.vendor_id and m.channel = 'email' and m.sent_at <= r.responded_at))
      order by r.rank) as list
    from public.lead_recipients r join public.vendors v on v.id = r.vendor_id
    where r.lead_id = ids.id) x;
$$;

CREATE FUNCTION public.lead_route(p_zip text, p_vendor_id bigint, p_widen boolean) RETURNS TABLE(vendor_id bigint, reason text, rank integer, distance_miles double precision)
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  with chosen as (
    select v.id from public.vendors v where v.id = p_vendor_id and v.leads_paused_at is null
  )
  select c.id, 'vendor_page', 1, null::double precision from chosen c
  union all
  select n.vendor_id, 'nearby', ((select count(*) from chosen) + n.ord)::int, n.distance_miles
  from public.vendors_near_zip(p_zip, case when exists (select 1 from chosen) then 2 else 3 end, (select id from chosen))
    with ordinality n(vendor_id, distance_miles, serves, ord)
  where not exists (select 1 from chosen) or coalesce(p_widen, false);
$$;

CREATE FUNCTION public.lead_route_rates(p_zip text, p_vendor_id bigint, p_widen boolean) RETURNS jsonb
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select coalesce(jsonb_agg(jsonb_build_object('id', v.id, 'name', v.name,
           'miles', public.vendor_miles_to_zip(v.id, p_zip), 'rates', case when exists (select 1 from public.rate_cards c where c.vendor_id = v.id and c.published)
                                then public.rate_card_json(v.id) end) order by r.rank), '[]'::jsonb)
  from public.lead_route(p_zip, p_vendor_id, p_widen) r
  join public.vendors v on v.id = r.vendor_id;
$$;

CREATE FUNCTION public.lead_status(p_lead_id bigint, p_owner_token text, p_link_hash text DEFAULT NULL::text) RETURNS jsonb
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select jsonb_build_object('id', l.id, 'skid_steer_type', l.skid_steer_type, 'rental_start_date', l.rental_start_date,
    'rental_end_date', l.rental_end_date, 'rental_days', l.rental_days, 'location', l.location, 'completed_at', l.completed_at,
    'withdrawn_at', l.withdrawn_at,
    'booking', (select to_jsonb(b) from public.bookings b where b.lead_id = l.id),
    'recipients', (select coalesce(jsonb_agg(jsonb_build_object(
        'vendor_id', v.id, 'vendor_name', v.name, 'phone', v.phone, 'reason', r.reason, 'sent', exists (select 1 from public.outbox_messages m
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

CREATE FUNCTION public.name_for_emails(p_name text) RETURNS text
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select trim(regexp_replace(
           regexp_replace(replace(p_name, '&', ' and '), '[[:punct:]]', '', 'g'),
           '\s+', ' ', 'g'));
$$;

CREATE FUNCTION public.normalize_site_column() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
begin
  if new.site is not null then
    new.site := public.normalize_website(new.site);
    if new.site is null then
      raise exception 'Please enter a valid website URL (e.g. example.com)' using errcode = 'P0001', hint = 'website';
    end if;
  end if;
  return new;
end;
$$;

CREATE FUNCTION public.normalize_website(p_site text) RETURNS text
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $_$
  select coalesce(m[1], 'https') || '://' || m[2]
  from regexp_match(lower(trim(coalesce(p_site, ''))),
    '^(?:(https?)://)?((?:[a-z0-9](?:-?[a-z0-9])*\.)+[a-z]{2,})\.?(?:[/?#]\S*)?$') m;
$_$;

CREATE FUNCTION public.operator_add(p_email text, p_password_hash text) RETURNS bigint
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare new_id bigint;
begin
  if not public.is_email_address(lower(trim(coalesce(p_email, '')))) then
    raise exception 'Please enter a valid email address' using errcode = 'P0001', hint = 'email';
  end if;
  insert into public.operators (email, password_hash) values (lower(trim(p_email)), p_password_hash)
  on conflict (email) do update set password_hash = excluded.password_hash
  returning id into new_id;
  delete from public.sessions s where s.role = 'operator' and s.subject = lower(trim(p_email));
  perform public.audit('shell', 'operator_add', lower(trim(p_email)));
  return new_id;
end;
$$;

CREATE FUNCTION public.operator_approve_submission(p_id bigint, p_operator text) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  sub public.vendors_submissions;
  v_city public.cities;
  v_state public.states;
  v_postcode bigint;
  v_vendor bigint;
  clash text;
begin
  select * into sub from public.vendors_submissions s where s.id = p_id for update;
  if sub.id is null then
    raise exception 'No such submission' using errcode = 'PT404', hint = 'no-record';
  end if;
  if sub.status <> 'new' then
    raise exception 'This submission is already %', sub.status using errcode = 'PT409', hint = 'reviewed';
  end if;
  select v.name into clash from public.vendors v where v.website_key = sub.website_key limit 1;
  if clash is not null then
    raise exception 'A listing with this website already exists: %', clash using errcode = 'PT409', hint = 'listing-exists';
  end if;
  select st.* into v_state from public.states st where st.slug = sub.state;
  select c.* into v_city from public.cities c where c.state_id = v_state.id and c.slug = sub.city;
  if v_city.id is null then
    raise exception 'The submission''s city is not in the directory' using errcode = 'P0001', hint = 'city-missing';
  end if;
  select p.id into v_postcode from public.postcodes p where p.city_id = v_city.id and p.code = sub.postal_code;
  if v_postcode is null then
    select p.id into v_postcode from public.postcodes p where p.city_id = v_city.id order by p.code limit 1;
  end if;
  insert into public.vendors (name, slug, site, email, phone, full_address, street, postcode_id, listed_at)
  values (sub.name, public.unique_vendor_slug(sub.name || ' ' || v_city.name), sub.site, sub.email, sub.phone,
          sub.street || ', ' || v_city.name || ', ' || v_state.code || ' ' || sub.postal_code, sub.street, v_postcode, now())
  returning id into v_vendor;
  insert into public.vendors_serviced (vendor_id, postcode_id)
  select v_vendor, p.id from public.postcodes p where p.city_id = v_city.id;
  update public.vendors_submissions s set status = 'approved', vendor_id = v_vendor, reviewed_at = now(), reviewed_by = p_operator
  where s.id = p_id;
  perform public.audit(p_operator, 'approve', 'submission ' || p_id, jsonb_build_object('vendor_id', v_vendor, 'name', sub.name));
  if sub.email is not null then
    -- The address that submitted the business owns its listing, and is told it is live.
    insert into public.vendor_managers (vendor_id, email, role, added_by) values (v_vendor, sub.email, 'owner', 'submission');
    update public.vendors v set claimed_at = now() where v.id = v_vendor;
    insert into public.outbox_messages (kind, vendor_id, channel, recipient, payload)
    values ('listing_live', v_vendor, 'email', sub.email, jsonb_build_object('name', sub.name, 'address', public.vendor_address(v_vendor)));
  end if;
  return public.vendor_address(v_vendor);
end;
$$;

CREATE FUNCTION public.operator_audit_event(p_operator text, p_action text, p_subject text, p_details jsonb) RETURNS void
    LANGUAGE sql SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select public.audit(p_operator, p_action, p_subject, p_details);
$$;

CREATE FUNCTION public.operator_audit_page(p_limit integer, p_older_than bigint DEFAULT NULL::bigint, p_newer_than bigint DEFAULT NULL::bigint) RETURNS jsonb
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  page_size constant int := least(greatest(coalesce(p_limit, 50), 1), 1000);
  count_cap constant int := 10000;
  newer constant boolean := p_older_than is null and p_newer_than is not null;
  anchor_at timestamptz;
  anchor_id bigint;
  page_ids bigint[];
  entries int;
begin
  select a.at, a.id into anchor_at, anchor_id from public.operator_audit a where a.id = coalesce(p_older_than, p_newer_than);
  select count(*) into entries from (select 1 from public.operator_audit limit count_cap + 1) x;
  if anchor_id is null then
    page_ids := array(select a.id from public.operator_audit a order by a.at desc, a.id desc limit page_size + 1);
  elsif newer then
    page_ids := array(select a.id from public.operator_audit a where (a.at, a.id) > (anchor_at, anchor_id)
                      order by a.at, a.id limit page_size + 1);
  else
    page_ids := array(select a.id from public.operator_audit a where (a.at, a.id) < (anchor_at, anchor_id)
                      order by a.at desc, a.id desc limit page_size + 1);
  end if;

  return jsonb_build_object(
    'total', least(entries, count_cap),
    'total_capped', entries > count_cap,
    'next', case when newer and anchor_id is not null then true else cardinality(page_ids) > page_size end,
    'previous', case when newer and anchor_id is not null then cardinality(page_ids) > page_size else anchor_id is not null end,
    'rows', coalesce((select jsonb_agg(to_jsonb(a) order by a.at desc, a.id desc) from public.operator_audit a
                      where a.id = any (page_ids[1:page_size])), '[]'::jsonb));
end;
$$;

CREATE FUNCTION public.operator_change_requests() RETURNS jsonb
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select coalesce(jsonb_agg(jsonb_build_object('id', c.id, 'vendor', public.vendor_address(c.vendor_id), 'email', c.email,
      'changes', c.changes, 'created_at', c.created_at,
      'current', (select jsonb_build_object('name', v.name, 'site', v.site) from public.vendors v where v.id = c.vendor_id))
    order by c.id), '[]'::jsonb)
  from public.vendor_change_requests c where c.status = 'new';
$$;

CREATE FUNCTION public.operator_claim_page(p_status text, p_limit integer, p_offset integer) RETURNS jsonb
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select jsonb_build_object(
    'total', (select count(*) from public.vendor_claims c where c.status = p_status),
    'rows', coalesce((select jsonb_agg(to_jsonb(c) || jsonb_build_object(
        'vendor', public.vendor_address(c.vendor_id),
        'managers', (select coalesce(jsonb_agg(jsonb_build_object('email', m.email, 'role', m.role) order by m.role desc, m.email), '[]'::jsonb)
                     from public.vendor_managers m where m.vendor_id = c.vendor_id))
      order by c.id desc)
      from (select * from public.vendor_claims x where x.status = p_status order by x.id desc
            offset greatest(coalesce(p_offset, 0), 0) limit least(greatest(coalesce(p_limit, 50), 1), 1000)) c), '[]'::jsonb));
$$;

CREATE FUNCTION public.operator_credentials(p_email text) RETURNS text
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select o.password_hash from public.operators o where o.email = lower(trim(coalesce(p_email, '')));
$$;

CREATE FUNCTION public.operator_erase_person(p_phone text, p_email text, p_operator text) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  ids constant bigint[] := private.person_leads(p_phone, p_email);
  live bigint[];
  done jsonb;
begin
  if ids is null then
    raise exception 'Enter a phone number of at least 10 digits or an email address' using errcode = 'P0001', hint = 'person-query';
  end if;
  live := array(select l.id from public.leads l where l.id = any (ids) and l.state <> 'erased');
  if cardinality(live) = 0 then
    raise exception 'Nothing is on file for this phone number or email address' using errcode = 'PT404', hint = 'nothing-on-file';
  end if;
  done := private.erase_requests(live, 'erase');
  perform public.audit(p_operator, 'erase_person', null, done);
  return done;
end;
$$;

CREATE FUNCTION public.operator_import_batch(p_rows jsonb, p_dry_run boolean) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  results jsonb[] := '{}';
  r jsonb;
begin
  if jsonb_typeof(p_rows) <> 'array' or jsonb_array_length(p_rows) > 100 then
    raise exception 'An import batch holds at most 100 rows' using errcode = 'P0001', hint = 'import-size';
  end if;
  begin
    for r in select value from jsonb_array_elements(p_rows) loop
      results := results || public.import_vendor_row(r);
    end loop;
    if p_dry_run then
      raise exception 'dry run' using errcode = 'PTDRY';
    end if;
  exception when sqlstate 'PTDRY' then
    null; -- the dry run's writes are rolled back; its results stay
  end;
  return to_jsonb(results);
end;
$$;

CREATE FUNCTION public.operator_lead(p_id bigint) RETURNS jsonb
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select public.operator_lead_list(array[l.id])->0 || jsonb_build_object(
    'quotes', (select coalesce(jsonb_agg(to_jsonb(q) || jsonb_build_object('vendor_name', v.name) order by q.vendor_id, q.revision), '[]'::jsonb)
               from public.quotes q join public.vendors v on v.id = q.vendor_id where q.lead_id = l.id),
    'booking', (select to_jsonb(b) from public.bookings b where b.lead_id = l.id),
    'consent', (select to_jsonb(c) from public.lead_consents c where c.lead_id = l.id),
    'messages', (select coalesce(jsonb_agg(to_jsonb(m) - 'claim_id' || jsonb_build_object(
                   'vendor_name', (select v.name from public.vendors v where v.id = m.vendor_id),
                   'attempt_log', (select coalesce(jsonb_agg(to_jsonb(a) order by a.id), '[]'::jsonb)
                                   from public.outbox_attempts a where a.message_id = m.id)) order by m.id), '[]'::jsonb)
                 from public.outbox_messages m where m.lead_id = l.id))
  from public.leads l where l.id = p_id and l.completed;
$$;

CREATE FUNCTION public.operator_lead_list(p_ids bigint[]) RETURNS jsonb
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select coalesce(jsonb_agg(to_jsonb(l) - 'owner_token_hash' - 'client_key' || jsonb_build_object(
           'recipients', coalesce(r.recipients, '[]'::jsonb),
           'delivery', (select case
                          when count(*) = 0 then 'none'
                          when bool_or(m.status = 'failed') then 'failed'
                          when bool_and(m.status = 'sent') then 'sent'
                          else 'pending' end
                        from public.outbox_messages m where m.lead_id = l.id)) order by ids.n), '[]'::jsonb)
  from unnest(p_ids) with ordinality ids(id, n)
  join public.leads l on l.id = ids.id
  left join public.lead_recipient_lists(p_ids) r on r.lead_id = l.id;
$$;

CREATE FUNCTION public.operator_lead_page(p_filters jsonb, p_limit integer, p_older_than bigint DEFAULT NULL::bigint, p_newer_than bigint DEFAULT NULL::bigint) RETURNS jsonb
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $_$
declare
  f constant jsonb := coalesce(p_filters, '{}'::jsonb);
  page_size constant int := least(greatest(coalesce(p_limit, 50), 1), 1000);
  count_cap constant int := 10000;
  newer constant boolean := p_older_than is null and p_newer_than is not null;
  state_filter_id constant bigint := (select min(s.id) from public.states s where s.slug = f->>'state');
  anchor_at timestamptz;
  anchor_id bigint;
  origin text;
  source text;
  conditions text[];
  filtered text;
  page_ids bigint[];
  matches int;
begin
  select l.completed_at, l.id into anchor_at, anchor_id
  from public.leads l where l.id = coalesce(p_older_than, p_newer_than) and l.completed;

  -- The index that serves the page: the narrowest filter's, ordered as the page is (but for
  -- failed or undelivered messages, few enough to be read whole); the other filters are checked
  -- on each row it gives, and only they: a condition the source already holds is not asked again.
  origin := case
    when f->>'delivery' in ('failed', 'pending') then 'delivery'
    when f->>'vendor' is not null and f->>'zip' is null and f->>'state' is null then 'vendor'
    when f->>'vendor' is not null then 'vendor_request'
    when f->>'zip' is not null then 'zip'
    when f->>'state' is not null then 'state'
    when f->>'spam' = 'only' then 'spam'
    when f->>'delivery' = 'none' then 'none'
    when f->>'stage' = 'booked' then 'booked'
    when f->>'stage' = 'quoted' then 'quoted'
    else 'all' end;
  source := case origin
    when 'delivery' then format(
      'select l.id, l.completed_at, l.location, l.state_id, l.spam from public.leads l
         where l.completed and l.id = any (array(select distinct m.lead_id from public.outbox_messages m where %s))',
      case f->>'delivery' when 'failed' then 'm.status = ''failed''' else 'm.status in (''pending'', ''sending'')' end)
    when 'vendor' then
      'select r.lead_id as id, r.completed_at, null::text as location, null::bigint as state_id, r.spam
         from public.lead_recipients r where r.vendor_id = ($1->>''vendor'')::bigint and r.completed_at is not null'
    when 'vendor_request' then
      'select l.id, r.completed_at, l.location, l.state_id, l.spam from public.lead_recipients r
         join public.leads l on l.id = r.lead_id where r.vendor_id = ($1->>''vendor'')::bigint and r.completed_at is not null'
    when 'zip' then
      'select l.id, l.completed_at, l.location, l.state_id, l.spam from public.leads l where l.completed and l.location = $1->>''zip'''
    when 'state' then
      'select l.id, l.completed_at, l.location, l.state_id, l.spam from public.leads l where l.completed and l.state_id = $5'
    when 'spam' then
      'select l.id, l.completed_at, l.location, l.state_id, l.spam from public.leads l where l.completed and l.spam'
    when 'none' then
      'select l.id, l.completed_at, l.location, l.state_id, l.spam from public.leads l where l.completed and l.no_recipients'
    when 'booked' then
      'select l.id, l.completed_at, l.location, l.state_id, l.spam from public.leads l where l.completed and l.state = ''booked'''
    when 'quoted' then
      'select l.id, l.completed_at, l.location, l.state_id, l.spam from public.leads l where l.completed and l.quoted_at is not null'
    else 'select l.id, l.completed_at, l.location, l.state_id, l.spam from public.leads l where l.completed' end;

  conditions := array_remove(array[
    case when f->>'from' is not null then 'k.completed_at >= ($1->>''from'')::date' end,
    case when f->>'to' is not null then 'k.completed_at < ($1->>''to'')::date + 1' end,
    case when f->>'zip' is not null and origin <> 'zip' then 'k.location = $1->>''zip''' end,
    case when f->>'state' is not null and origin <> 'state' then 'k.state_id = $5' end,
    case when f->>'vendor' is not null and origin = 'delivery' then
      'exists (select 1 from public.lead_recipients r where r.lead_id = k.id and r.vendor_id = ($1->>''vendor'')::bigint)' end,
    case when origin in ('delivery', 'none') then null else case f->>'delivery'
      when 'none' then 'not exists (select 1 from public.lead_recipients r where r.lead_id = k.id)'
      when 'failed' then 'exists (select 1 from public.outbox_messages m where m.lead_id = k.id and m.status = ''failed'')'
      when 'pending' then 'exists (select 1 from public.outbox_messages m where m.lead_id = k.id and m.status in (''pending'', ''sending''))'
      -- Every message sent: none failed and none still to send, each asked of its own small index.
      when 'sent' then 'exists (select 1 from public.outbox_messages m where m.lead_id = k.id)
        and not exists (select 1 from public.outbox_messages m where m.lead_id = k.id and m.status = ''failed'')
        and not exists (select 1 from public.outbox_messages m where m.lead_id = k.id and m.status in (''pending'', ''sending''))'
      end end,
    case when origin in ('booked', 'quoted') then null else case f->>'stage'
      when 'quoted' then 'exists (select 1 from public.leads q where q.id = k.id and q.quoted_at is not null)'
      when 'booked' then 'exists (select 1 from public.leads b where b.id = k.id and b.state = ''booked'')'
      end end,
    case f->>'spam' when 'only' then case when origin <> 'spam' then 'k.spam' end when 'include' then null else 'not k.spam' end], null);
  filtered := format('select k.id, k.completed_at from (%s) k where %s', source,
                     coalesce(nullif(array_to_string(conditions, ' and '), ''), 'true'));

  execute format('select count(*) from (%s limit %s) x', filtered, count_cap + 1)
    into matches using f, null::timestamptz, null::bigint, null::int, state_filter_id;

  if newer then
    execute format('select array(select x.id from (%s) x where (x.completed_at, x.id) > ($2, $3)
                    order by x.completed_at, x.id limit $4)', filtered)
      into page_ids using f, anchor_at, anchor_id, page_size + 1, state_filter_id;
  else
    execute format('select array(select x.id from (%s) x where $2::timestamptz is null or (x.completed_at, x.id) < ($2, $3)
                    order by x.completed_at desc, x.id desc limit $4)', filtered)
      into page_ids using f, anchor_at, anchor_id, page_size + 1, state_filter_id;
  end if;

  return jsonb_build_object(
    'total', least(matches, count_cap),
    'total_capped', matches > count_cap,
    'next', case when newer then anchor_at is not null else cardinality(page_ids) > page_size end,
    'previous', case when newer then cardinality(page_ids) > page_size else anchor_at is not null end,
    -- Newest first, whichever way the page was read.
    'rows', public.operator_lead_list(case when newer
              then array(select u.id from unnest(page_ids[1:page_size]) with ordinality u(id, n) order by u.n desc)
              else page_ids[1:page_size] end));
end;
$_$;

CREATE FUNCTION public.operator_leads(p_limit integer DEFAULT 100, p_older_than bigint DEFAULT NULL::bigint) RETURNS TABLE(id bigint, vendor_id bigint, vendor_name text, step smallint, location text, name text, phone text, skid_steer_type text, rental_days integer, rental_start_date date, rental_end_date date, completed boolean, widen boolean, created_at timestamp with time zone, completed_at timestamp with time zone, recipients jsonb, messages jsonb)
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    SET jit TO 'off'
    AS $$
  with page as (
    select l.* from public.leads l
    where not l.spam and (p_older_than is null or l.id < p_older_than)
    order by l.id desc
    limit least(greatest(coalesce(p_limit, 100), 1), 1000)
  )
  select l.id, l.vendor_id, l.vendor_name, l.step, l.location, l.name, l.phone, l.skid_steer_type,
         l.rental_days, l.rental_start_date, l.rental_end_date, l.completed, l.widen, l.created_at, l.completed_at,
         coalesce(r.recipients, '[]'::jsonb),
         (select coalesce(jsonb_agg(jsonb_build_object('id', m.id, 'vendor_id', m.vendor_id, 'channel', m.channel,
                                                       'status', m.status, 'attempts', m.attempts, 'sent_at', m.sent_at,
                                                       'sent_via', m.sent_via, 'last_error', m.last_error) order by m.id), '[]'::jsonb)
          from public.outbox_messages m where m.lead_id = l.id)
  from page l
  left join public.lead_recipient_lists(array(select p.id from page p)) r on r.lead_id = l.id
  order by l.id desc;
$$;

CREATE FUNCTION public.operator_list() RETURNS TABLE(email text, created_at timestamp with time zone, sessions bigint)
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select o.email, o.created_at,
         (select count(*) from public.sessions s where s.role = 'operator' and s.subject = o.email and s.expires_at > now())
  from public.operators o order by o.email;
$$;

CREATE FUNCTION public.operator_mark_spam(p_id bigint, p_spam boolean, p_operator text) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if not exists (select 1 from public.leads l where l.id = p_id and l.completed and l.state <> 'erased') then
    raise exception 'No such rental request' using errcode = 'PT404', hint = 'no-record';
  end if;
  if p_spam then
    perform private.lead_move(p_id, 'mark_spam');
  end if;
  update public.leads l set spam = p_spam where l.id = p_id;
  if p_spam then
    update public.outbox_messages m set status = 'failed', last_error = 'marked as spam', claim_id = null, claimed_until = null
    where m.lead_id = p_id and m.status in ('pending', 'sending');
  end if;
  perform public.audit(p_operator, case when p_spam then 'spam' else 'not_spam' end, 'lead ' || p_id);
end;
$$;

CREATE FUNCTION public.operator_moderate_review(p_id bigint, p_publish boolean, p_reason text, p_operator text) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  review public.reviews;
  v_reason text := nullif(left(trim(coalesce(p_reason, '')), 500), '');
begin
  select * into review from public.reviews r
  where r.id = p_id and (r.status = 'pending' or (r.status = 'published' and r.reported_at is not null)) for update;
  if review.id is null then
    raise exception 'No waiting or reported review with this id' using errcode = 'PT409', hint = 'reviewed';
  end if;
  if not p_publish and v_reason is null then
    raise exception 'Please give a reason for the rejection' using errcode = 'P0001', hint = 'reason-missing';
  end if;
  update public.reviews r set status = case when p_publish then 'published' else 'rejected' end,
    published_at = case when p_publish then coalesce(r.published_at, now()) end,
    reject_reason = case when p_publish then null else v_reason end,
    reported_at = null, report_reason = null, updated_at = now()
  where r.id = p_id;
  if p_publish and review.status = 'pending' then
    insert into public.outbox_messages (kind, channel, recipient, payload)
    select 'review_published', 'email', a.email, jsonb_build_object('review_id', review.id, 'vendor_id', v.id, 'vendor_name', v.name,
             'stars', review.stars, 'body', review.body, 'author', review.author, 'claimed', a.claimed)
    from public.vendors v
    cross join lateral (select m.email, true as claimed from public.vendor_managers m where m.vendor_id = v.id
                        union all
                        select v.email, false where v.email is not null
                          and not exists (select 1 from public.vendor_managers m where m.vendor_id = v.id)) a
    where v.id = review.vendor_id;
  end if;
  perform public.audit(p_operator, case when not p_publish then 'reject_review' when review.status = 'pending' then 'publish_review'
                                        else 'keep_review' end,
    'vendor ' || review.vendor_id, jsonb_build_object('review', p_id, 'reason', v_reason, 'report', review.report_reason));
  return public.vendor_address(review.vendor_id);
end;
$$;

CREATE FUNCTION public.operator_paused_vendors() RETURNS jsonb
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select coalesce(jsonb_agg(jsonb_build_object('id', v.id, 'name', v.name, 'paused_at', v.leads_paused_at) order by v.leads_paused_at desc), '[]'::jsonb)
  from public.vendors v where v.leads_paused_at is not null;
$$;

CREATE FUNCTION public.operator_person(p_phone text, p_email text) RETURNS jsonb
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  ids constant bigint[] := private.person_leads(p_phone, p_email);
begin
  if ids is null then
    raise exception 'Enter a phone number of at least 10 digits or an email address' using errcode = 'P0001', hint = 'person-query';
  end if;
  return jsonb_build_object(
    'requests', (select coalesce(jsonb_agg(jsonb_build_object('id', l.id, 'completed', l.completed, 'created_at', l.created_at,
        'completed_at', l.completed_at, 'name', l.name, 'phone', l.phone, 'email', l.renter_email, 'location', l.location,
        'rental_start_date', l.rental_start_date, 'rental_end_date', l.rental_end_date, 'withdrawn_at', l.withdrawn_at,
        'anonymized_at', l.anonymized_at) order by l.id), '[]'::jsonb) from public.leads l where l.id = any (ids)),
    'reviews', (select coalesce(jsonb_agg(jsonb_build_object('id', r.id, 'lead_id', r.lead_id, 'vendor_name', v.name, 'stars', r.stars,
        'author', r.author, 'status', r.status, 'created_at', r.created_at) order by r.id), '[]'::jsonb)
      from public.reviews r join public.vendors v on v.id = r.vendor_id where r.lead_id = any (ids)),
    'messages', (select coalesce(jsonb_agg(jsonb_build_object('id', m.id, 'lead_id', m.lead_id, 'kind', m.kind, 'channel', m.channel,
        'recipient', m.recipient, 'status', m.status, 'sent_at', m.sent_at) order by m.id), '[]'::jsonb)
      from public.outbox_messages m where m.lead_id = any (ids)),
    'consents', (select coalesce(jsonb_agg(jsonb_build_object('lead_id', c.lead_id, 'given_at', c.given_at, 'page', c.page,
        'text', c.text) order by c.lead_id), '[]'::jsonb) from public.lead_consents c where c.lead_id = any (ids)));
end;
$$;

CREATE FUNCTION public.operator_remove(p_email text) RETURNS boolean
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  delete from public.operators o where o.email = lower(trim(p_email));
  if not found then return false; end if;
  delete from public.sessions s where s.role = 'operator' and s.subject = lower(trim(p_email));
  perform public.audit('shell', 'operator_remove', lower(trim(p_email)));
  return true;
end;
$$;

CREATE FUNCTION public.operator_resend_lead(p_id bigint, p_operator text) RETURNS integer
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare queued int;
begin
  if not exists (select 1 from public.leads l where l.id = p_id and l.completed and l.state <> 'erased') then
    raise exception 'No such rental request' using errcode = 'PT404', hint = 'no-record';
  end if;
  if exists (select 1 from public.leads l where l.id = p_id and l.spam) then
    raise exception 'This request is marked as spam' using errcode = 'P0001', hint = 'spam';
  end if;
  perform private.lead_move(p_id, 'resend');
  update public.outbox_messages m set status = 'pending', attempts = 0, next_attempt_at = now(),
    claim_id = null, claimed_until = null, last_error = null
  where m.lead_id = p_id and m.kind = 'lead' and m.status = 'failed';
  get diagnostics queued = row_count;
  perform public.audit(p_operator, 'resend', 'lead ' || p_id, jsonb_build_object('messages', queued));
  return queued;
end;
$$;

CREATE FUNCTION public.operator_review_change(p_id bigint, p_approve boolean, p_reason text, p_operator text) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  request public.vendor_change_requests;
begin
  select * into request from public.vendor_change_requests c where c.id = p_id and c.status = 'new' for update;
  if request.id is null then
    raise exception 'No new change with this id' using errcode = 'PT409', hint = 'reviewed';
  end if;
  if p_approve then
    perform public.operator_update_vendor(request.vendor_id, request.changes, p_operator);
  end if;
  update public.vendor_change_requests c set status = case when p_approve then 'approved' else 'rejected' end,
    review_reason = nullif(left(trim(coalesce(p_reason, '')), 500), ''), reviewed_by = p_operator, reviewed_at = now()
  where c.id = p_id;
end;
$$;

CREATE FUNCTION public.operator_review_claim(p_id bigint, p_approve boolean, p_reason text, p_operator text) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  claim public.vendor_claims;
  owned boolean;
begin
  select * into claim from public.vendor_claims c where c.id = p_id and c.status = 'new' for update;
  if claim.id is null then
    raise exception 'No new claim with this id' using errcode = 'PT409', hint = 'reviewed';
  end if;
  if not p_approve and length(trim(coalesce(p_reason, ''))) = 0 then
    raise exception 'Please give a reason for the rejection' using errcode = 'P0001', hint = 'reason-missing';
  end if;
  if p_approve then
    perform 1 from public.vendors v where v.id = claim.vendor_id for update;
    owned := exists (select 1 from public.vendor_managers m where m.vendor_id = claim.vendor_id and m.role = 'owner');
    insert into public.vendor_managers (vendor_id, email, role, added_by)
    values (claim.vendor_id, claim.email, case when owned then 'colleague' else 'owner' end, p_operator)
    on conflict (vendor_id, email) do nothing;
    update public.vendors v set claimed_at = coalesce(v.claimed_at, now()), updated_at = now() where v.id = claim.vendor_id;
  end if;
  update public.vendor_claims c set status = case when p_approve then 'approved' else 'rejected' end,
    review_reason = nullif(left(trim(coalesce(p_reason, '')), 500), ''), reviewed_by = p_operator, reviewed_at = now()
  where c.id = p_id;
  perform public.audit(p_operator, case when p_approve then 'approve_claim' else 'reject_claim' end, 'vendor ' || claim.vendor_id,
    jsonb_build_object('claim', p_id, 'email', claim.email));
end;
$$;

CREATE FUNCTION public.operator_review_page(p_queue text, p_limit integer, p_after bigint DEFAULT NULL::bigint, p_before bigint DEFAULT NULL::bigint) RETURNS jsonb
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $_$
declare
  queue constant text := coalesce(p_queue, 'pending');
  page_size constant int := least(greatest(coalesce(p_limit, 50), 1), 1000);
  count_cap constant int := 10000;
  backwards constant boolean := p_after is null and p_before is not null;
  -- The order the page is read in: the queue's own, or its reverse for the page before.
  ascending constant boolean := (queue = 'pending') <> backwards;
  matching constant text := case queue
    when 'reported' then 'r.status = ''published'' and r.reported_at is not null'
    else format('r.status = %L', queue) end;
  anchor_at timestamptz;
  anchor_id bigint;
  page_ids bigint[];
  reviews int;
begin
  select r.created_at, r.id into anchor_at, anchor_id from public.reviews r where r.id = coalesce(p_after, p_before);
  execute format('select count(*) from (select 1 from public.reviews r where %s limit %s) x', matching, count_cap + 1) into reviews;
  execute format('select array(select r.id from public.reviews r where %s and ($1::timestamptz is null or (r.created_at, r.id) %s ($1, $2))
                  order by r.created_at %s, r.id %3$s limit $3)',
                 matching, case when ascending then '>' else '<' end, case when ascending then 'asc' else 'desc' end)
    into page_ids using anchor_at, anchor_id, page_size + 1;

  return jsonb_build_object(
    'total', least(reviews, count_cap),
    'total_capped', reviews > count_cap,
    'next', case when backwards and anchor_id is not null then true else cardinality(page_ids) > page_size end,
    'previous', case when backwards and anchor_id is not null then cardinality(page_ids) > page_size else anchor_id is not null end,
    'rows', coalesce((select jsonb_agg(jsonb_build_object('id', r.id, 'lead_id', r.lead_id, 'vendor_id', r.vendor_id,
        'vendor_name', v.name, 'address', public.vendor_address(v.id), 'stars', r.stars, 'body', r.body, 'author', r.author,
        'machine', r.machine, 'requested_at', r.requested_at, 'status', r.status,
        'booked', exists (select 1 from public.bookings b where b.lead_id = r.lead_id and b.vendor_id = r.vendor_id and b.status = 'booked'),
        'held_reason', r.held_reason, 'reject_reason', r.reject_reason, 'reply', r.reply, 'reported_at', r.reported_at,
        'report_reason', r.report_reason, 'created_at', r.created_at, 'updated_at', r.updated_at)
        order by case when backwards then -u.n else u.n end)
      from unnest(page_ids[1:page_size]) with ordinality u(id, n)
      join public.reviews r on r.id = u.id join public.vendors v on v.id = r.vendor_id), '[]'::jsonb));
end;
$_$;

CREATE FUNCTION public.operator_review_submission(p_id bigint, p_status text, p_reason text, p_operator text) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if p_status not in ('rejected', 'duplicate') then
    raise exception 'Unknown review outcome' using errcode = 'P0001', hint = 'unknown-outcome';
  end if;
  if p_status = 'rejected' and length(trim(coalesce(p_reason, ''))) < 3 then
    raise exception 'Please give a reason for the rejection' using errcode = 'P0001', hint = 'reason-missing';
  end if;
  if length(p_reason) > 500 then
    raise exception 'The reason is too long' using errcode = 'P0001', hint = 'too-long';
  end if;
  update public.vendors_submissions s set status = p_status, review_reason = nullif(trim(p_reason), ''),
    reviewed_at = now(), reviewed_by = p_operator
  where s.id = p_id and s.status = 'new';
  if not found then
    raise exception 'No new submission with this id' using errcode = 'PT409', hint = 'reviewed';
  end if;
  perform public.audit(p_operator, case p_status when 'rejected' then 'reject' else 'duplicate' end, 'submission ' || p_id,
                       jsonb_build_object('reason', nullif(trim(p_reason), '')));
end;
$$;

CREATE FUNCTION public.operator_revoke_manager(p_vendor_id bigint, p_email text, p_operator text) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  revoked public.vendor_managers;
begin
  delete from public.vendor_managers m where m.vendor_id = p_vendor_id and m.email = lower(trim(coalesce(p_email, ''))) returning * into revoked;
  if revoked.email is null then
    raise exception 'No such person on this listing' using errcode = 'PT404', hint = 'no-person';
  end if;
  if revoked.role = 'owner' then
    update public.vendors v set claimed_at = null, updated_at = now() where v.id = p_vendor_id;
  end if;
  perform public.audit(p_operator, 'revoke_manager', 'vendor ' || p_vendor_id, jsonb_build_object('email', revoked.email, 'role', revoked.role));
end;
$$;

CREATE FUNCTION public.operator_set_rate_card(p_vendor_id bigint, p_card jsonb, p_operator text) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  perform public.set_rate_card(p_vendor_id, p_card, p_operator);
  perform public.audit(p_operator, 'rates', 'vendor ' || p_vendor_id, coalesce(p_card, '{}'::jsonb));
end;
$$;

CREATE FUNCTION public.operator_set_vendor_hidden(p_id bigint, p_hidden boolean, p_operator text) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  update public.vendors v set hidden = p_hidden, updated_at = now() where v.id = p_id;
  if not found then
    raise exception 'No such vendor' using errcode = 'PT404', hint = 'no-record';
  end if;
  perform public.audit(p_operator, case when p_hidden then 'hide' else 'unhide' end, 'vendor ' || p_id);
  return public.vendor_address(p_id);
end;
$$;

CREATE FUNCTION public.operator_submission_page(p_status text, p_limit integer, p_offset integer) RETURNS jsonb
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  with matching as (select s.* from public.vendors_submissions s where s.status = coalesce(p_status, 'new'))
  select jsonb_build_object(
    'total', (select count(*) from matching),
    'rows', coalesce((select jsonb_agg(to_jsonb(s) - 'client_key' || jsonb_build_object(
        'city_name', (select c.name from public.cities c join public.states st on st.id = c.state_id where st.slug = s.state and c.slug = s.city),
        'state_code', (select st.code from public.states st where st.slug = s.state),
        'duplicate_vendors', (select coalesce(jsonb_agg(jsonb_build_object('id', v.id, 'name', v.name) order by v.id), '[]'::jsonb)
                              from public.vendors v where v.website_key = s.website_key),
        'duplicate_submissions', (select coalesce(jsonb_agg(o.id order by o.id), '[]'::jsonb)
                                  from public.vendors_submissions o where o.website_key = s.website_key and o.id <> s.id))
      order by s.id desc) from (select * from matching order by id desc
        offset greatest(coalesce(p_offset, 0), 0) limit least(greatest(coalesce(p_limit, 50), 1), 1000)) s), '[]'::jsonb));
$$;

CREATE FUNCTION public.operator_submissions(p_limit integer DEFAULT 100) RETURNS TABLE(id bigint, name text, name_for_emails text, site text, phone text, email text, full_address text, street text, city text, postal_code text, state text, cid text, created_at timestamp with time zone)
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select s.id, s.name, s.name_for_emails, s.site, s.phone, s.email, s.full_address, s.street, s.city,
         s.postal_code, s.state, s.cid, s.created_at
  from public.vendors_submissions s
  order by s.id desc
  limit least(greatest(coalesce(p_limit, 100), 1), 5000);
$$;

CREATE FUNCTION public.operator_update_vendor(p_id bigint, p_changes jsonb, p_operator text) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $_$
declare
  before jsonb := public.operator_vendor(p_id);
  after_ jsonb;
  zips text[];
  unknown text;
  changed jsonb := '{}'::jsonb;
  k text;
begin
  if before is null then
    raise exception 'No such vendor' using errcode = 'PT404', hint = 'no-record';
  end if;
  if p_changes ? 'name' and length(trim(coalesce(p_changes->>'name', ''))) not between 2 and 200 then
    raise exception 'Name must be 2 to 200 characters' using errcode = 'P0001', hint = 'listing-name';
  end if;
  if p_changes ? 'phone' and length(trim(coalesce(p_changes->>'phone', ''))) not between 10 and 30 then
    raise exception 'Please enter a valid phone number' using errcode = 'P0001', hint = 'phone';
  end if;
  if p_changes ? 'site' and nullif(trim(p_changes->>'site'), '') is not null
     and trim(p_changes->>'site') !~* '^(https?://)?([a-z0-9](-?[a-z0-9])*\.)+[a-z]{2,}(/\S*)?$' then
    raise exception 'Please enter a valid website URL (e.g. example.com)' using errcode = 'P0001', hint = 'website';
  end if;
  if p_changes ? 'email' and nullif(trim(p_changes->>'email'), '') is not null and not public.is_email_address(lower(trim(p_changes->>'email'))) then
    raise exception 'Please enter a valid email address' using errcode = 'P0001', hint = 'email';
  end if;
  if p_changes ? 'photo' and nullif(trim(p_changes->>'photo'), '') is not null and trim(p_changes->>'photo') !~* '^https://\S+$' then
    raise exception 'The photo must be an https:// address' using errcode = 'P0001', hint = 'photo';
  end if;
  if length(coalesce(p_changes->>'street', '')) > 300 or length(coalesce(p_changes->>'hours', '')) > 300
     or length(coalesce(p_changes->>'description', '')) > 5000 then
    raise exception 'A field is too long' using errcode = 'P0001', hint = 'too-long';
  end if;
  if p_changes ? 'service_zips' then
    select array_agg(distinct z) into zips from jsonb_array_elements_text(p_changes->'service_zips') z;
    select z into unknown from unnest(coalesce(zips, '{}')) z
    where z !~ '^[0-9]{5}$' or not exists (select 1 from public.postcodes p where p.code = z) limit 1;
    if unknown is not null then
      raise exception 'Unknown ZIP code: %', unknown using errcode = 'P0001', hint = 'zip';
    end if;
  end if;
  update public.vendors v set
    name = case when p_changes ? 'name' then trim(p_changes->>'name') else v.name end,
    phone = case when p_changes ? 'phone' then trim(p_changes->>'phone') else v.phone end,
    site = case when p_changes ? 'site' then nullif(trim(p_changes->>'site'), '') else v.site end,
    email = case when p_changes ? 'email' then lower(nullif(trim(p_changes->>'email'), '')) else v.email end,
    street = case when p_changes ? 'street' then nullif(trim(p_changes->>'street'), '') else v.street end,
    photo = case when p_changes ? 'photo' then nullif(trim(p_changes->>'photo'), '') else v.photo end,
    hours = case when p_changes ? 'hours' then nullif(trim(p_changes->>'hours'), '') else v.hours end,
    updated_at = now()
  where v.id = p_id;
  if p_changes ? 'description' then
    insert into public.vendors_additionaldetails (vendor_id, description) values (p_id, nullif(trim(p_changes->>'description'), ''))
    on conflict (vendor_id) do update set description = excluded.description;
  end if;
  if p_changes ? 'service_zips' then
    delete from public.vendors_serviced s where s.vendor_id = p_id;
    insert into public.vendors_serviced (vendor_id, postcode_id)
    select p_id, p.id from public.postcodes p where p.code = any (zips);
  end if;
  after_ := public.operator_vendor(p_id);
  for k in select jsonb_object_keys(p_changes) loop
    if before->k is distinct from after_->k then
      changed := changed || jsonb_build_object(k, jsonb_build_object('from', before->k, 'to', after_->k));
    end if;
  end loop;
  if changed <> '{}'::jsonb then
    perform public.audit(p_operator, 'edit', 'vendor ' || p_id, changed);
  end if;
  return public.vendor_address(p_id);
end;
$_$;

CREATE FUNCTION public.operator_vendor(p_id bigint) RETURNS jsonb
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select jsonb_build_object('id', v.id, 'name', v.name, 'slug', v.slug, 'site', v.site, 'email', v.email, 'phone', v.phone,
    'street', v.street, 'hours', v.hours, 'photo', v.photo, 'hidden', v.hidden, 'rating', v.rating,
    'description', (select d.description from public.vendors_additionaldetails d where d.vendor_id = v.id),
    'service_zips', (select coalesce(jsonb_agg(p.code order by p.code), '[]'::jsonb)
                     from public.vendors_serviced s join public.postcodes p on p.id = s.postcode_id where s.vendor_id = v.id))
    || jsonb_build_object('address', public.vendor_address(v.id))
  from public.vendors v where v.id = p_id;
$$;

CREATE FUNCTION public.operator_vendor_managers(p_vendor_id bigint) RETURNS jsonb
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select coalesce(jsonb_agg(jsonb_build_object('email', m.email, 'role', m.role, 'added_by', m.added_by, 'created_at', m.created_at)
    order by m.role desc, m.email), '[]'::jsonb)
  from public.vendor_managers m where m.vendor_id = p_vendor_id;
$$;

CREATE FUNCTION public.operator_vendor_page(p_query text, p_limit integer, p_after bigint DEFAULT NULL::bigint, p_before bigint DEFAULT NULL::bigint) RETURNS jsonb
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $_$
declare
  query constant text := nullif(trim(coalesce(p_query, '')), '');
  site_query constant text := public.website_key(p_query);
  page_size constant int := least(greatest(coalesce(p_limit, 50), 1), 1000);
  count_cap constant int := 1000;
  backwards constant boolean := p_after is null and p_before is not null;
  like_text constant text := private.like_contains(query);
  index_word constant text := private.vendor_search_index_word(query);
  matching text := 'select v.id, v.name from public.vendors v where v.postcode_id is not null';
  anchor_name text;
  page_ids bigint[];
  hits bigint[];
  matches int;
begin
  if query is not null and site_query is not null and site_query <> lower(query) then
    matching := matching || format(' and (v.search_text ilike %L or v.search_text like %L)', like_text, '%' || site_query || '%');
  elsif index_word is not null then
    -- The whole text is checked on an expression the trigram index does not hold, so that only
    -- the index word's trigrams are read from it.
    matching := matching || format(' and v.search_text ilike %L and (v.search_text || '''') ilike %L',
      private.like_contains(index_word), like_text);
  elsif query is not null then
    matching := matching || format(' and v.search_text ilike %L', like_text);
  end if;
  select v.name into anchor_name from public.vendors v where v.id = coalesce(p_after, p_before);

  -- The matches up to the cap, read once: when that is all of them, the page is read from them;
  -- past the cap, by walking the names in order (a common search finds its page at once).
  execute format('select array(select m.id from (%s limit %s) m)', matching, count_cap + 1) into hits;
  matches := cardinality(hits);
  if matches <= count_cap then
    matching := 'select v.id, v.name from public.vendors v where v.id = any ($4)';
  end if;
  if backwards then
    execute format('select array(select m.id from (%s) m where (m.name, m.id) < ($1, $2) order by m.name desc, m.id desc limit $3)', matching)
      into page_ids using anchor_name, p_before, page_size + 1, hits;
  else
    execute format('select array(select m.id from (%s) m where $1::text is null or (m.name, m.id) > ($1, $2) order by m.name, m.id limit $3)', matching)
      into page_ids using anchor_name, p_after, page_size + 1, hits;
  end if;

  return jsonb_build_object(
    'total', least(matches, count_cap),
    'total_capped', matches > count_cap,
    'next', case when backwards then anchor_name is not null else cardinality(page_ids) > page_size end,
    'previous', case when backwards then cardinality(page_ids) > page_size else anchor_name is not null end,
    'rows', coalesce((select jsonb_agg(jsonb_build_object('id', v.id, 'name', v.name, 'slug', v.slug, 'site', v.site,
        'phone', v.phone, 'hidden', v.hidden, 'city_name', c.name, 'state_code', st.code,
        'leads', (select count(*) from (select 1 from public.lead_recipients r
                  where r.vendor_id = v.id and not r.spam limit 10001) x)) order by v.name, v.id)
      from public.vendors v join public.postcodes p on p.id = v.postcode_id
      join public.cities c on c.id = p.city_id join public.states st on st.id = c.state_id
      where v.id = any (page_ids[1:page_size])), '[]'::jsonb));
end;
$_$;

CREATE FUNCTION public.outbox_link(p_message_id bigint, p_token_hash text) RETURNS boolean
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  m public.outbox_messages;
begin
  select * into m from public.outbox_messages x where x.id = p_message_id and x.status = 'sending';
  if m.id is null or m.recipient is null then
    return false;
  end if;
  if m.kind = 'claim_link' then
    if not exists (select 1 from public.vendors v where v.id = m.vendor_id and v.claimed_at is null and not v.hidden) then
      return false;
    end if;
    insert into public.auth_links (token_hash, purpose, email, vendor_id, expires_at)
    values (p_token_hash, 'claim', m.recipient, m.vendor_id, now() + interval '30 minutes');
    return true;
  end if;
  if m.kind not in ('sign_in', 'listing_live') or not exists (select 1 from public.vendor_managers v where v.email = m.recipient) then
    return false;
  end if;
  insert into public.auth_links (token_hash, purpose, email, expires_at)
  values (p_token_hash, 'sign_in', m.recipient,
          now() + case m.kind when 'sign_in' then interval '30 minutes' else interval '7 days' end);
  return true;
end;
$$;

CREATE FUNCTION public.outbox_quote(p_quote_id bigint) RETURNS jsonb
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select to_jsonb(q) || jsonb_build_object(
    'vendor', jsonb_build_object('name', v.name, 'phone', v.phone, 'address', v.full_address),
    'booking', (select to_jsonb(b) from public.bookings b where b.lead_id = q.lead_id and b.quote_id = q.id))
  from public.quotes q join public.vendors v on v.id = q.vendor_id
  where q.id = p_quote_id;
$$;

CREATE FUNCTION public.owned_open_lead(p_lead_id bigint, p_owner_token text) RETURNS bigint
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
declare found_id bigint;
begin
  select l.id into found_id from public.leads l
  where l.id = p_lead_id and not l.completed
    and l.owner_token_hash = encode(sha256(convert_to(coalesce(p_owner_token, ''), 'UTF8')), 'hex');
  if found_id is null then
    raise exception 'Rental request not found' using errcode = 'PT404', hint = 'no-request';
  end if;
  return found_id;
end;
$$;

CREATE TABLE public.models_skidsteers (
    id bigint NOT NULL,
    "Model" text NOT NULL,
    "Manufacturer" text NOT NULL,
    "Image URL" text,
    "Operating Capacity (lbs)" numeric,
    "Length w/Bucket (in)" numeric,
    "EquipmentType" text,
    "OperatingWeightLbs" numeric,
    "EnginePowerHp" numeric,
    "LiftPattern" text,
    "HydraulicFlowGpm" numeric,
    "HydraulicPressurePsi" numeric,
    "HeightIn" numeric,
    "WidthIn" numeric,
    "LengthIn" numeric
);

COMMENT ON TABLE public.models_skidsteers IS 'The popular models page''s table, its columns named as the source data names them (with their units); it is not linked to equipment_models.';

COMMENT ON COLUMN public.models_skidsteers."Manufacturer" IS 'The manufacturer''s name as text (not a key of equipment_manufacturer).';

COMMENT ON COLUMN public.models_skidsteers."EquipmentType" IS 'The kind of machine as text, e.g. Skid Steer Loader or Compact Track Loader.';

CREATE FUNCTION public.popular_models() RETURNS SETOF public.models_skidsteers
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select * from public.models_skidsteers order by "Model";
$$;

CREATE FUNCTION public.quote_link_request(p_token_hash text) RETURNS jsonb
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select jsonb_build_object('lead_id', l.id, 'vendor_id', v.id, 'vendor_name', v.name, 'skid_steer_type', l.skid_steer_type,
    'rental_start_date', l.rental_start_date, 'rental_end_date', l.rental_end_date, 'rental_days', l.rental_days,
    'location', l.location, 'withdrawn', l.withdrawn_at is not null,
    'booked', exists (select 1 from public.bookings b where b.lead_id = l.id),
    'rate_card', public.rate_card_json(v.id),
    'miles', public.vendor_miles_to_zip(v.id, l.location),
    'quote', (select to_jsonb(x) from public.quotes x where x.lead_id = l.id and x.vendor_id = v.id and x.status = 'open'))
  from public.auth_links a
  join public.leads l on l.id = a.lead_id
  join public.vendors v on v.id = a.vendor_id
  where a.token_hash = p_token_hash and a.purpose = 'lead_quote' and a.expires_at > now();
$$;

CREATE FUNCTION public.quote_link_save(p_token_hash text, p_quote jsonb) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  link public.auth_links;
begin
  select * into link from public.auth_links a
  where a.token_hash = p_token_hash and a.purpose = 'lead_quote' and a.expires_at > now();
  if link.token_hash is null then
    raise exception 'This link is invalid or has expired.' using errcode = 'PT404', hint = 'link-invalid';
  end if;
  return private.quote_save(link.vendor_id, link.lead_id, p_quote);
end;
$$;

CREATE FUNCTION public.quote_link_withdraw(p_token_hash text) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

CREATE FUNCTION public.rate_card_json(p_vendor_id bigint) RETURNS jsonb
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select jsonb_build_object(
    'classes', coalesce((
      select jsonb_agg(jsonb_build_object('class', k.class, 'day', k.day_rate, 'week', k.week_rate, 'four_week', k.four_week_rate,
               'day_hours', k.day_hours, 'week_hours', k.week_hours, 'four_week_hours', k.four_week_hours)
             order by array_position(array['small', 'medium', 'large', 'track'], k.class))
      from public.rate_card_classes k where k.vendor_id = r.vendor_id), '[]'::jsonb),
    'delivery', case when r.delivery_fee is not null then
      jsonb_build_object('fee', r.delivery_fee, 'miles', r.delivery_miles, 'per_mile', r.delivery_per_mile) end,
    'waiver_percent', r.waiver_percent,
    'fees', coalesce((
      select jsonb_agg(jsonb_strip_nulls(jsonb_build_object('label', f.label, 'percent', f.percent, 'amount', f.amount)) order by f.position)
      from public.rate_card_fees f where f.vendor_id = r.vendor_id), '[]'::jsonb),
    'confirmed_on', r.confirmed_on, 'sample', r.sample, 'published', r.published)
  from public.rate_cards r where r.vendor_id = p_vendor_id;
$$;

CREATE FUNCTION public.rate_card_problem(p_card jsonb) RETURNS jsonb
    LANGUAGE plpgsql IMMUTABLE
    SET search_path TO ''
    AS $_$
declare
  k jsonb;
  f jsonb;
  seen text[] := '{}';
  day numeric;
  week numeric;
  four numeric;
  key text;
  hours_max int;
begin
  if jsonb_typeof(p_card) is distinct from 'object' or jsonb_typeof(p_card->'classes') is distinct from 'array'
     or jsonb_typeof(coalesce(p_card->'fees', '[]')) <> 'array' then
    return jsonb_build_object('code', 'rates-form', 'message', 'The rate card is not in the expected form');
  end if;
  if jsonb_array_length(p_card->'classes') = 0 then
    return jsonb_build_object('code', 'rates-none', 'message', 'Enter the rates of at least one machine class');
  end if;
  for k in select value from jsonb_array_elements(p_card->'classes') loop
    if k->>'class' is null or k->>'class' not in ('small', 'medium', 'large', 'track') or k->>'class' = any (seen) then
      return jsonb_build_object('code', 'rates-class', 'message', 'Unknown or repeated machine class');
    end if;
    seen := seen || (k->>'class');
    foreach key in array array['day', 'week', 'four_week', 'day_hours', 'week_hours', 'four_week_hours'] loop
      if jsonb_typeof(k->key) not in ('number', 'null') then
        return jsonb_build_object('code', 'rates-number', 'message', 'Rates and hours must be numbers');
      end if;
    end loop;
    if jsonb_typeof(k->'day') is distinct from 'number' then
      return jsonb_build_object('code', 'rates-day', 'message', 'Enter a day rate for each class you rent');
    end if;
    day := (k->>'day')::numeric;
    week := (k->>'week')::numeric;
    four := (k->>'four_week')::numeric;
    if day < 0 or week < 0 or four < 0 then
      return jsonb_build_object('code', 'rates-negative', 'message', 'Rates cannot be negative');
    end if;
    if day < 1 or week < 1 or four < 1 then
      return jsonb_build_object('code', 'rates-minimum', 'message', 'A rate must be at least $1');
    end if;
    if day > 10000 or week > 70000 or four > 280000 then
      return jsonb_build_object('code', 'rates-large', 'message', 'A rate is too large');
    end if;
    if week > 7 * day then
      return jsonb_build_object('code', 'rates-week', 'message', 'A week cannot cost more than 7 days');
    end if;
    if four > 4 * coalesce(week, 7 * day) then
      return jsonb_build_object('code', 'rates-four-week', 'message', 'A 4-week rate cannot cost more than 4 weeks');
    end if;
    foreach key in array array['day_hours', 'week_hours', 'four_week_hours'] loop
      hours_max := case key when 'day_hours' then 24 when 'week_hours' then 168 else 672 end;
      if k->key <> 'null' and ((k->>key)::numeric <> trunc((k->>key)::numeric) or (k->>key)::numeric not between 1 and hours_max) then
        return jsonb_build_object('code', 'rates-hours', 'message', 'Meter hours must be whole hours that fit in their period');
      end if;
    end loop;
  end loop;
  if p_card->'delivery' is not null and p_card->'delivery' <> 'null' then
    if jsonb_typeof(p_card->'delivery'->'fee') is distinct from 'number' or jsonb_typeof(p_card->'delivery'->'miles') is distinct from 'number'
       or jsonb_typeof(p_card->'delivery'->'per_mile') is distinct from 'number' then
      return jsonb_build_object('code', 'rates-delivery', 'message', 'Delivery needs a flat fee, its radius in miles and a rate per mile beyond');
    end if;
    if (p_card->'delivery'->>'fee')::numeric < 0 or (p_card->'delivery'->>'per_mile')::numeric < 0 then
      return jsonb_build_object('code', 'rates-delivery-negative', 'message', 'Delivery fees cannot be negative');
    end if;
    if (p_card->'delivery'->>'fee')::numeric > 10000 or (p_card->'delivery'->>'per_mile')::numeric > 100 then
      return jsonb_build_object('code', 'rates-delivery-large', 'message', 'A delivery fee is too large');
    end if;
    if (p_card->'delivery'->>'miles')::numeric not between 0 and 500 or (p_card->'delivery'->>'miles')::numeric <> trunc((p_card->'delivery'->>'miles')::numeric) then
      return jsonb_build_object('code', 'rates-radius', 'message', 'The flat-fee delivery radius must be 0 to 500 whole miles');
    end if;
  end if;
  if p_card->'waiver_percent' is not null and p_card->'waiver_percent' <> 'null'
     and (jsonb_typeof(p_card->'waiver_percent') <> 'number' or (p_card->>'waiver_percent')::numeric not between 0 and 50) then
    return jsonb_build_object('code', 'rates-waiver', 'message', 'The damage waiver must be 0 to 50 %');
  end if;
  if jsonb_array_length(coalesce(p_card->'fees', '[]')) > 5 then
    return jsonb_build_object('code', 'rates-fee-count', 'message', 'A rate card has at most 5 other fees');
  end if;
  for f in select value from jsonb_array_elements(coalesce(p_card->'fees', '[]')) loop
    if jsonb_typeof(f->'label') is distinct from 'string' or length(trim(f->>'label')) not between 2 and 60
       or ((f ? 'percent') = (f ? 'amount')) then
      return jsonb_build_object('code', 'rates-fee', 'message', 'Each fee needs a label of 2 to 60 characters and either a percentage or an amount');
    end if;
    if jsonb_typeof(coalesce(f->'percent', f->'amount')) <> 'number' then
      return jsonb_build_object('code', 'rates-number', 'message', 'Rates and hours must be numbers');
    end if;
    if (coalesce(f->>'percent', f->>'amount'))::numeric < 0 then
      return jsonb_build_object('code', 'rates-fee-negative', 'message', 'Fees cannot be negative');
    end if;
    if (f->>'percent')::numeric > 30 or (f->>'amount')::numeric > 5000 then
      return jsonb_build_object('code', 'rates-fee-large', 'message', 'A fee is at most 30 % or $5,000');
    end if;
  end loop;
  return null;
end;
$_$;

CREATE FUNCTION public.record_outbox_message(p_id bigint, p_claim_id uuid, p_ok boolean, p_sent_via text DEFAULT NULL::text, p_error text DEFAULT NULL::text, p_max_attempts integer DEFAULT 6) RETURNS boolean
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare recorded boolean;
begin
  update public.outbox_messages m set
    status = case when p_ok then 'sent' when m.attempts >= p_max_attempts then 'failed' else 'pending' end,
    sent_at = case when p_ok then now() end,
    sent_via = case when p_ok then left(p_sent_via, 50) end,
    last_error = case when p_ok then null else left(p_error, 500) end,
    next_attempt_at = now() + interval '30 seconds' * power(2, greatest(m.attempts - 1, 0)),
    claim_id = null, claimed_until = null
  where m.id = p_id and m.claim_id = p_claim_id and m.status = 'sending'
  returning true into recorded;
  if recorded then
    insert into public.outbox_attempts (message_id, ok, sent_via, error)
    values (p_id, p_ok, case when p_ok then left(p_sent_via, 50) end, case when p_ok then null else left(p_error, 500) end);
  end if;
  return coalesce(recorded, false);
end;
$$;

CREATE FUNCTION public.rental_date_window(OUT earliest date, OUT latest date) RETURNS record
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  -- The earliest US time zone (UTC-10) decides "today", so no visitor's today is refused.
  select ((now() at time zone 'UTC') - interval '10 hours')::date,
         ((now() at time zone 'UTC') + interval '1 year')::date;
$$;

CREATE FUNCTION public.renter_book_quote(p_lead_id bigint, p_owner_token text, p_link_hash text, p_quote_id bigint) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  l public.leads;
  chosen public.quotes;
  booking public.bookings;
begin
  if not private.renter_owns_lead(p_lead_id, p_owner_token, p_link_hash) then
    raise exception 'Rental request not found' using errcode = 'PT404', hint = 'no-request';
  end if;
  l := private.lead_move(p_lead_id, 'book');
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

  insert into public.bookings (lead_id, quote_id, vendor_id, start_date, end_date)
  values (l.id, chosen.id, chosen.vendor_id, coalesce(chosen.alternate_start, l.rental_start_date),
          coalesce(chosen.alternate_end, l.rental_end_date))
  returning * into booking;
  update public.quotes q set status = case when q.id = chosen.id then 'booked' else 'closed' end, closed_at = now()
  where q.lead_id = l.id and q.status = 'open';
  update public.lead_recipients r set
    status = case when r.vendor_id = chosen.vendor_id then 'won' else 'lost' end,
    status_reason = case when r.vendor_id = chosen.vendor_id then null else 'The renter chose another vendor' end,
    status_at = now()
  where r.lead_id = l.id;
  insert into public.outbox_messages (lead_id, vendor_id, channel, kind, recipient, payload, quote_id)
  select l.id, r.vendor_id, 'email', case when r.vendor_id = chosen.vendor_id then 'booked' else 'chose_another' end, v.email,
         jsonb_build_object('quote_id', chosen.id), chosen.id
  from public.lead_recipients r join public.vendors v on v.id = r.vendor_id
  where r.lead_id = l.id and v.email is not null;
  if l.renter_email is not null then
    insert into public.outbox_messages (lead_id, vendor_id, channel, kind, recipient, payload, quote_id)
    values (l.id, chosen.vendor_id, 'email', 'booking_confirmation', l.renter_email, jsonb_build_object('quote_id', chosen.id), chosen.id);
  end if;
  return to_jsonb(booking);
end;
$$;

CREATE FUNCTION public.renter_cancel_booking(p_lead_id bigint, p_owner_token text, p_link_hash text, p_reason text) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  l public.leads;
  booking public.bookings;
  reason constant text := trim(coalesce(p_reason, ''));
begin
  if not private.renter_owns_lead(p_lead_id, p_owner_token, p_link_hash) then
    raise exception 'Rental request not found' using errcode = 'PT404', hint = 'no-request';
  end if;
  l := private.lead_move(p_lead_id, 'cancel');
  select * into booking from public.bookings b where b.lead_id = l.id and b.status = 'booked';
  if current_date >= booking.start_date then
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
  insert into public.outbox_messages (lead_id, vendor_id, channel, kind, recipient, payload, quote_id)
  select l.id, v.id, 'email', 'booking_cancelled', v.email, jsonb_build_object('quote_id', booking.quote_id), booking.quote_id
  from public.vendors v where v.id = booking.vendor_id and v.email is not null;
  return to_jsonb(booking);
end;
$$;

CREATE FUNCTION public.renter_delete_request(p_lead_id bigint, p_owner_token text, p_link_hash text) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if not private.renter_owns_lead(p_lead_id, p_owner_token, p_link_hash) then
    raise exception 'Rental request not found' using errcode = 'PT404', hint = 'no-request';
  end if;
  perform private.erase_requests(array[p_lead_id], 'delete');
end;
$$;

CREATE FUNCTION public.renter_requests(p_owner_token text) RETURNS jsonb
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select coalesce(jsonb_agg(jsonb_build_object('id', l.id, 'skid_steer_type', l.skid_steer_type,
      'rental_start_date', l.rental_start_date, 'rental_end_date', l.rental_end_date, 'location', l.location,
      'completed_at', l.completed_at, 'withdrawn_at', l.withdrawn_at,
      'booking', (select jsonb_build_object('status', b.status, 'start_date', b.start_date, 'end_date', b.end_date)
                  from public.bookings b where b.lead_id = l.id),
      'recipients', (select count(*) from public.lead_recipients r where r.lead_id = l.id),
      'contacted', (select count(*) from public.lead_recipients r where r.lead_id = l.id and r.responded_at is not null),
      'vendors', (select coalesce(jsonb_agg(jsonb_build_object('name', v.name, 'stage', case
            when b.vendor_id = r.vendor_id and b.status = 'booked' then 'booked'
            when b.vendor_id = r.vendor_id then 'cancelled'
            when exists (select 1 from public.quotes q where q.lead_id = r.lead_id and q.vendor_id = r.vendor_id) then 'quoted'
            when r.responded_at is not null then 'contacted'
            else 'sent' end) order by r.rank), '[]'::jsonb)
        from public.lead_recipients r join public.vendors v on v.id = r.vendor_id
        left join public.bookings b on b.lead_id = r.lead_id
        where r.lead_id = l.id))
    order by l.completed_at desc, l.id desc), '[]'::jsonb)
  from (select * from public.leads x
        where p_owner_token is not null and x.completed and x.state <> 'erased'
          and x.owner_token_hash = encode(sha256(convert_to(p_owner_token, 'UTF8')), 'hex')
        order by x.completed_at desc, x.id desc limit 50) l;
$$;

CREATE FUNCTION public.renter_review_save(p_lead_id bigint, p_vendor_id bigint, p_owner_token text, p_link_hash text, p_client_key text, p_stars integer, p_body text, p_edit boolean) RETURNS bigint
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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
  lead := private.lead_move(p_lead_id, 'review');
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

CREATE FUNCTION public.renter_status_link(p_lead_id bigint, p_token_hash text) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_email text;
begin
  select l.renter_email into v_email from public.leads l where l.id = p_lead_id and l.completed and l.renter_email is not null;
  if v_email is null then
    raise exception 'No such request' using errcode = 'PT404', hint = 'no-request';
  end if;
  insert into public.auth_links (token_hash, purpose, email, lead_id, expires_at)
  values (p_token_hash, 'lead_status', v_email, p_lead_id, now() + interval '90 days');
end;
$$;

CREATE FUNCTION public.retention_run(p_draft_days integer, p_personal_months integer, p_sent_days integer, p_expired_days integer, p_batch integer DEFAULT 100) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  batch constant int := least(greatest(coalesce(p_batch, 100), 1), 5000);
  drafts int;
  anonymized int;
  emptied int;
  expired int := 0;
  n int;
begin
  if p_draft_days is null or p_draft_days < 1 or p_personal_months is null or p_personal_months < 1
     or p_sent_days is null or p_sent_days < 1 or p_expired_days is null or p_expired_days < 1 then
    raise exception 'Each retention period is at least 1' using errcode = 'P0001', hint = 'retention-period';
  end if;

  with doomed as (
    select l.id from public.leads l
    where not l.completed and l.updated_at < now() - make_interval(days => p_draft_days)
    order by l.updated_at limit batch for update skip locked)
  delete from public.leads l using doomed d where l.id = d.id;
  get diagnostics drafts = row_count;

  anonymized := (private.erase_requests(array(
    select l.id from public.leads l
    where l.completed and l.anonymized_at is null and l.completed_at < now() - make_interval(months => p_personal_months)
    order by l.completed_at limit ceil(batch / 4.0)::int for update skip locked), 'expire')->>'requests')::int;

  with due as (
    (select m.id from public.outbox_messages m
     where m.status = 'sent' and (m.payload <> '{}'::jsonb or m.recipient is not null)
       and m.sent_at < now() - make_interval(days => p_sent_days)
     order by m.sent_at limit batch)
    union all
    (select m.id from public.outbox_messages m
     where m.status = 'failed' and (m.payload <> '{}'::jsonb or m.recipient is not null)
       and m.created_at < now() - make_interval(days => p_sent_days)
     order by m.created_at limit batch)),
  locked as (select m.id from public.outbox_messages m join due on due.id = m.id for update of m skip locked),
  cleared as (
    update public.outbox_messages m set payload = '{}'::jsonb, recipient = null, last_error = null
    from locked where m.id = locked.id returning m.id),
  -- A delivery error can quote the address it was sent to.
  attempts as (
    update public.outbox_attempts a set error = null from cleared c where a.message_id = c.id and a.error is not null)
  select count(*) into emptied from cleared;

  -- Sign-in and claim link emails are kept a week, for the operator's delivery reports, then forgotten.
  delete from public.outbox_messages m where m.id = any (array(
    select x.id from public.outbox_messages x
    where x.kind in ('sign_in', 'claim_link') and x.status in ('sent', 'failed') and x.created_at < now() - interval '7 days'
    order by x.created_at limit batch for update skip locked));
  get diagnostics n = row_count;
  expired := expired + n;
  delete from public.auth_links a where a.ctid = any (array(
    select x.ctid from public.auth_links x where x.expires_at < now() - make_interval(days => p_expired_days)
    limit batch for update skip locked));
  get diagnostics n = row_count;
  expired := expired + n;
  delete from public.sessions s where s.ctid = any (array(
    select x.ctid from public.sessions x where x.expires_at < now() - make_interval(days => p_expired_days)
    limit batch for update skip locked));
  get diagnostics n = row_count;
  expired := expired + n;
  -- Every abuse window is at most a day (count_write_attempt), and a throttle's block is over.
  delete from public.write_attempts w where w.ctid = any (array(
    select x.ctid from public.write_attempts x where x.created_at < now() - make_interval(days => p_expired_days)
    limit batch for update skip locked));
  get diagnostics n = row_count;
  expired := expired + n;
  delete from public.auth_throttle t where t.ctid = any (array(
    select x.ctid from public.auth_throttle x
    where x.last_failure_at < now() - make_interval(days => p_expired_days) and coalesce(x.blocked_until, '-infinity') < now()
    limit batch for update skip locked));
  get diagnostics n = row_count;
  expired := expired + n;

  return jsonb_build_object('drafts', drafts, 'anonymized', anonymized, 'emptied', emptied, 'expired', expired);
end;
$$;

CREATE FUNCTION public.review_hold_reason(p_body text, p_review_id bigint) RETURNS text
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select case
    when p_body is null then null
    when p_body ~* '[^\s@]+@[^\s@]+\.[a-z]{2,}' then 'Contains an email address'
    when p_body ~* '(https?://|www\.|\m[a-z0-9-]+\.(com|net|org|io|co|us|biz|info|site|online)\M)' then 'Contains a link'
    when p_body ~ '\(?\d{3}\)?[\s.-]*\d{3}[\s.-]*\d{4}' then 'Contains a phone number'
    when p_body ~ '(\S)\1{9,}' or p_body ~* '(\m\w+\M)(\W+\1\M){4,}' then 'Contains long repeated text'
    else (select 'Same text as review #' || o.id from public.reviews o
          where o.body = p_body and length(p_body) >= 40 and o.id is distinct from p_review_id order by o.id limit 1)
  end;
$$;

CREATE FUNCTION public.review_invitation(p_lead_id bigint) RETURNS jsonb
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select coalesce(jsonb_agg(v.name order by r.rank), '[]'::jsonb)
  from public.lead_recipients r join public.vendors v on v.id = r.vendor_id
  where r.lead_id = p_lead_id and public.review_refusal(p_lead_id, r.vendor_id) is null
    and not exists (select 1 from public.reviews w where w.lead_id = p_lead_id and w.vendor_id = r.vendor_id);
$$;

CREATE FUNCTION public.review_invite_now(p_lead_id bigint) RETURNS void
    LANGUAGE sql
    SET search_path TO ''
    AS $$
  update public.outbox_messages m set next_attempt_at = now()
  where m.lead_id = p_lead_id and m.kind = 'review_invite' and m.status = 'pending' and m.next_attempt_at > now();
$$;

CREATE FUNCTION public.review_refusal(p_lead_id bigint, p_vendor_id bigint) RETURNS text
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select case
    when r.vendor_id is null
      or (r.responded_at is null and not exists (
            select 1 from public.outbox_messages m
            where m.lead_id = l.id and m.vendor_id = r.vendor_id and m.kind = 'lead' and m.status = 'sent')) then 'review-not-recipient'
    when l.withdrawn_at is not null and (r.responded_at is null or r.responded_at > l.withdrawn_at) then 'review-withdrawn'
    when r.responded_at is null and l.rental_start_date > current_date then 'review-too-early'
  end
  from public.leads l
  left join public.lead_recipients r on r.lead_id = l.id and r.vendor_id = p_vendor_id
  where l.id = p_lead_id and l.completed;
$$;

CREATE FUNCTION public.reviewer_name(p_name text) RETURNS text
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  with words as (select regexp_split_to_array(trim(coalesce(p_name, '')), '\s+') as w)
  select left(case when cardinality(w) > 1 then w[1] || ' ' || upper(left(w[cardinality(w)], 1)) || '.' else w[1] end, 40)
  from words;
$$;

CREATE FUNCTION public.search_cities(p_query text, p_state_slug text DEFAULT NULL::text) RETURNS TABLE(city_name text, city_slug text, state_slug text, state_name text, vendor_count integer, score real)
    LANGUAGE sql STABLE
    SET search_path TO 'public', 'extensions', 'pg_temp'
    AS $$
  select cv.city_name, cv.city_slug, cv.state_slug, st.name, cv.vendor_count,
         similarity(cv.city_name, p_query) as score
  from public.cities_with_vendors cv
  join public.states st on st.slug = cv.state_slug and st.country_id = 1
  where length(trim(p_query)) between 2 and 100
    and (p_state_slug is null or cv.state_slug = p_state_slug)
    and (cv.city_name % p_query or cv.city_name ilike '%' || replace(replace(p_query, '%', ''), '_', '') || '%')
  order by score desc, cv.vendor_count desc, cv.city_name
  limit 10;
$$;

CREATE FUNCTION public.session_end(p_role text, p_token_hash text) RETURNS text
    LANGUAGE sql SECURITY DEFINER
    SET search_path TO ''
    AS $$
  delete from public.sessions s where s.token_hash = p_token_hash and s.role = p_role returning s.subject;
$$;

CREATE FUNCTION public.session_start(p_role text, p_subject text, p_token_hash text, p_ttl_seconds integer) RETURNS void
    LANGUAGE sql SECURITY DEFINER
    SET search_path TO ''
    AS $$
  delete from public.sessions s where s.expires_at <= now();
  insert into public.sessions (token_hash, role, subject, expires_at)
  values (p_token_hash, p_role, p_subject, now() + make_interval(secs => least(greatest(p_ttl_seconds, 60), 30 * 86400)));
$$;

CREATE FUNCTION public.session_subject(p_role text, p_token_hash text) RETURNS text
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select s.subject from public.sessions s
  where s.token_hash = p_token_hash and s.role = p_role and s.expires_at > now();
$$;

CREATE FUNCTION public.set_rate_card(p_vendor_id bigint, p_card jsonb, p_updated_by text) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  problem jsonb;
begin
  if not exists (select 1 from public.vendors v where v.id = p_vendor_id) then
    raise exception 'No such vendor' using errcode = 'PT404', hint = 'no-record';
  end if;
  if p_card is null or p_card = 'null' then
    delete from public.rate_cards r where r.vendor_id = p_vendor_id;
    return;
  end if;
  problem := public.rate_card_problem(p_card);
  if problem is not null then
    raise exception '%', problem->>'message' using errcode = 'P0001', hint = problem->>'code';
  end if;
  insert into public.rate_cards (vendor_id, delivery_fee, delivery_miles, delivery_per_mile, waiver_percent, published, sample, confirmed_on, updated_by, updated_at)
  values (p_vendor_id, (p_card->'delivery'->>'fee')::numeric, (p_card->'delivery'->>'miles')::int, (p_card->'delivery'->>'per_mile')::numeric,
          (p_card->>'waiver_percent')::numeric, coalesce((p_card->>'published')::boolean, true), false, current_date, p_updated_by, now())
  on conflict (vendor_id) do update set delivery_fee = excluded.delivery_fee, delivery_miles = excluded.delivery_miles,
    delivery_per_mile = excluded.delivery_per_mile, waiver_percent = excluded.waiver_percent, published = excluded.published,
    sample = false, confirmed_on = current_date, updated_by = excluded.updated_by, updated_at = now();
  delete from public.rate_card_classes k where k.vendor_id = p_vendor_id;
  insert into public.rate_card_classes (vendor_id, class, day_rate, week_rate, four_week_rate, day_hours, week_hours, four_week_hours)
  select p_vendor_id, k->>'class', (k->>'day')::numeric, (k->>'week')::numeric, (k->>'four_week')::numeric,
         (k->>'day_hours')::int, (k->>'week_hours')::int, (k->>'four_week_hours')::int
  from jsonb_array_elements(p_card->'classes') k;
  delete from public.rate_card_fees f where f.vendor_id = p_vendor_id;
  insert into public.rate_card_fees (vendor_id, position, label, percent, amount)
  select p_vendor_id, n, trim(f->>'label'), (f->>'percent')::numeric, (f->>'amount')::numeric
  from jsonb_array_elements(coalesce(p_card->'fees', '[]')) with ordinality x(f, n);
end;
$$;

CREATE FUNCTION public.sitemap_file_starts(p_first_file integer, p_per_file integer) RETURNS TABLE(file integer, after_kind integer, after_key bigint)
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  with kinds as (
    select s.kind, count(*) as entries from public.sitemap_entries s where s.kind <> 4 group by s.kind
    union all
    select 4, coalesce(sum(st.vendor_count), 0) from public.states st
  ), spans as (
    select k.kind, sum(k.entries) over (order by k.kind) - k.entries as before, sum(k.entries) over (order by k.kind) as through
    from kinds k
  ), starts as (
    -- The j-th start follows entry number p_first_file + (j - 1) x p_per_file, counted from 1.
    select j, p_first_file + (j - 1)::bigint * p_per_file as at
    from generate_series(1, greatest(((select coalesce(sum(k.entries), 0) from kinds k) - p_first_file) / nullif(p_per_file, 0) + 1, 0)::int) j
    where p_per_file > 0 and p_first_file > 0
  )
  select st.j::int, sp.kind,
         case when sp.kind = 4
           then (select v.id from public.vendors v where v.postcode_id is not null and not v.hidden
                 order by v.id offset st.at - sp.before - 1 limit 1)
           else (select s.key from public.sitemap_entries s where s.kind = sp.kind and s.kind <> 4
                 order by s.key offset st.at - sp.before - 1 limit 1) end
  from starts st
  join spans sp on st.at > sp.before and st.at <= sp.through;
$$;

CREATE FUNCTION public.sitemap_paths(p_after_kind integer, p_after_key bigint, p_limit integer) RETURNS TABLE(kind integer, key bigint, path text, updated_at timestamp with time zone)
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select e.kind, e.key, e.path, e.updated_at from public.sitemap_entries e
  where p_after_kind is null or e.kind > p_after_kind or (e.kind = p_after_kind and e.key > p_after_key)
  order by e.kind, e.key
  limit least(greatest(coalesce(p_limit, 0), 0), 1000);
$$;

CREATE FUNCTION public.sitemap_size() RETURNS bigint
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select (select count(*) from public.sitemap_entries s where s.kind <> 4)
       + (select coalesce(sum(st.vendor_count), 0) from public.states st)::bigint;
$$;

CREATE FUNCTION public.slugify(p_text text) RETURNS text
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select trim(both '-' from regexp_replace(lower(coalesce(p_text, '')), '[^a-z0-9]+', '-', 'g'));
$$;

CREATE FUNCTION public.state_cities(p_state_slug text) RETURNS TABLE(name text, slug text)
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select c.name, c.slug from public.cities c
  where c.state_id = (select s.id from public.states s where s.country_id = 1 and s.slug = p_state_slug)
  order by c.name;
$$;

CREATE FUNCTION public.state_page(p_country_slug text, p_state_slug text, p_offset integer DEFAULT 0, p_limit integer DEFAULT 48) RETURNS jsonb
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select jsonb_build_object(
    'country', jsonb_build_object('name', co.name, 'slug', co.slug),
    'state', jsonb_build_object('id', st.id, 'name', st.name, 'slug', st.slug, 'code', st.code),
    'hero', public.hero_for('state'),
    'seo_body_text', coalesce(
      (select c.seo_body_text from public.state_seo_config c where c.state_slug = st.slug),
      (select g.seo_body_text from public.skidsteer_config g limit 1)),
    'cities', coalesce((
      select jsonb_agg(jsonb_build_object('city_id', cv.city_id, 'city_name', cv.city_name,
               'city_slug', cv.city_slug, 'vendor_count', cv.vendor_count, 'state_slug', cv.state_slug)
             order by cv.vendor_count desc, cv.city_name)
      from public.cities_with_vendors cv where cv.state_slug = st.slug), '[]'::jsonb))
    -- The page is ranked among the listings that rank apart (reviews, a recent response time) and
    -- the others, which rank after or among them by name alone: of those, only the ones from where
    -- the page may start (all of them but as many as rank apart can come before it) to its end.
    || (with apart as (
          select v.id from public.vendors v where v.state_id = st.id and not v.hidden and v.review_count > 0
          union
          select v.id from public.vendors v
          where v.state_id = st.id and not v.hidden and v.response_hours is not null
            and coalesce(v.last_responded_at > now() - interval '90 days', false)
        ), bounds as (
          select w.o, w.l, greatest(w.o - (select count(*) from apart), 0) as skipped
          from (select greatest(coalesce(p_offset, 0), 0) as o, least(greatest(coalesce(p_limit, 48), 1), 100) as l) w
        )
        select public.vendor_page_slice(array(
                 select a.id from apart a
                 union all
                 (select v.id from public.vendors v
                  where v.state_id = st.id and not v.hidden and v.review_count = 0
                    and not (v.response_hours is not null and coalesce(v.last_responded_at > now() - interval '90 days', false))
                  order by v.name, v.id
                  offset b.skipped limit b.o + b.l - b.skipped)), (b.o - b.skipped)::int, b.l)
        from bounds b)
    || jsonb_build_object('vendor_total', st.vendor_count)
  from public.states st
  join public.countries co on co.id = st.country_id
  where co.slug = lower(p_country_slug) and st.slug = lower(p_state_slug);
$$;

CREATE FUNCTION public.submission_cid(p_site text) RETURNS text
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select 'SUB' || encode(sha256(convert_to(p_site, 'UTF8')), 'hex');
$$;

CREATE FUNCTION public.submit_vendor(p_name text, p_site text, p_phone text, p_address text, p_state text, p_city text, p_zipcode text, p_client_key text, p_email text DEFAULT NULL::text) RETURNS bigint
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $_$
declare
  v_state_id bigint;
  new_id bigint;
  new_cid text;
begin
  if length(trim(coalesce(p_name, ''))) < 2 then
    raise exception 'Business name must be at least 2 characters' using errcode = 'P0001', hint = 'business-name';
  end if;
  if length(trim(coalesce(p_site, ''))) < 4 then
    raise exception 'Website URL is too short' using errcode = 'P0001', hint = 'website';
  end if;
  if trim(p_site) !~* '^(https?://)?([a-z0-9](-?[a-z0-9])*\.)+[a-z]{2,}(/\S*)?$' then
    raise exception 'Please enter a valid website URL (e.g. example.com)' using errcode = 'P0001', hint = 'website';
  end if;
  if length(trim(coalesce(p_phone, ''))) < 10 then
    raise exception 'Please enter a valid phone number' using errcode = 'P0001', hint = 'phone';
  end if;
  if length(trim(coalesce(p_address, ''))) < 5 then
    raise exception 'Please enter a valid address' using errcode = 'P0001', hint = 'address';
  end if;
  if length(coalesce(p_zipcode, '')) < 5 then
    raise exception 'Please enter a valid ZIP code' using errcode = 'P0001', hint = 'zipcode';
  end if;
  if nullif(trim(p_email), '') is not null and not public.is_email_address(trim(p_email)) then
    raise exception 'Please enter a valid email address' using errcode = 'P0001', hint = 'email';
  end if;
  if length(p_name) > 200 or length(p_site) > 300 or length(p_phone) > 30
     or length(p_address) > 300 or length(p_zipcode) > 10 then
    raise exception 'A field is too long' using errcode = 'P0001', hint = 'too-long';
  end if;
  select s.id into v_state_id from public.states s where s.country_id = 1 and s.slug = p_state;
  if v_state_id is null then
    raise exception 'Please select a state' using errcode = 'P0001', hint = 'state';
  end if;
  if not exists (select 1 from public.cities c where c.state_id = v_state_id and c.slug = p_city) then
    raise exception 'Please select a city' using errcode = 'P0001', hint = 'city';
  end if;
  new_cid := public.submission_cid(trim(p_site));
  if exists (select 1 from public.vendors_submissions s where s.cid = new_cid) then
    raise exception 'This website has already been submitted and is under review.' using errcode = 'PT409', hint = 'website-submitted';
  end if;
  perform public.count_write_attempt('submission', p_client_key, interval '1 day', 5,
    'Too many submissions from your connection today. Please try again tomorrow.');
  insert into public.vendors_submissions
    (name, name_for_emails, site, phone, email, full_address, street, city, postal_code, state, cid, client_key)
  values (trim(p_name), public.name_for_emails(p_name), trim(p_site), trim(p_phone), lower(nullif(trim(p_email), '')),
          trim(p_address), trim(p_address), p_city, trim(p_zipcode), p_state, new_cid, p_client_key)
  returning id into new_id;
  return new_id;
end;
$_$;

CREATE FUNCTION public.unique_vendor_slug(p_base text) RETURNS text
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
declare
  base text := left(nullif(public.slugify(p_base), ''), 80);
  candidate text;
  n int := 1;
begin
  base := coalesce(base, 'vendor');
  candidate := base;
  while exists (select 1 from public.vendors v where v.slug = candidate) loop
    n := n + 1;
    candidate := base || '-' || n;
  end loop;
  return candidate;
end;
$$;

CREATE FUNCTION public.update_lead(p_lead_id bigint, p_owner_token text, p_step integer, p_skid_steer_type text DEFAULT NULL::text, p_rental_start_date date DEFAULT NULL::date, p_rental_end_date date DEFAULT NULL::date, p_name text DEFAULT NULL::text, p_phone text DEFAULT NULL::text, p_location text DEFAULT NULL::text, p_widen boolean DEFAULT NULL::boolean) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare lead_id bigint;
begin
  lead_id := public.owned_open_lead(p_lead_id, p_owner_token);
  perform private.lead_move(lead_id, 'edit');
  if p_step is null or p_step not between 1 and 3 then
    raise exception 'Step must be 1, 2 or 3' using errcode = 'P0001', hint = 'lead-step';
  end if;
  if p_skid_steer_type is not null and p_skid_steer_type not in ('wheeled', 'tracked') then
    raise exception 'Skid steer type must be wheeled or tracked' using errcode = 'P0001', hint = 'machine-type';
  end if;
  if length(p_name) > 100 then
    raise exception 'Name is too long' using errcode = 'P0001', hint = 'too-long';
  end if;
  if length(p_phone) > 30 then
    raise exception 'Phone number is too long' using errcode = 'P0001', hint = 'too-long';
  end if;
  if p_location is not null then
    perform public.check_job_zip(p_location);
  end if;
  perform public.check_rental_dates(p_rental_start_date, p_rental_end_date);
  update public.leads l set
    step = p_step,
    skid_steer_type = coalesce(p_skid_steer_type, l.skid_steer_type),
    rental_start_date = coalesce(p_rental_start_date, l.rental_start_date),
    rental_end_date = coalesce(p_rental_end_date, l.rental_end_date),
    name = coalesce(p_name, l.name),
    phone = coalesce(p_phone, l.phone),
    location = coalesce(p_location, l.location),
    widen = coalesce(p_widen, l.widen),
    updated_at = now()
  where l.id = lead_id;
end;
$$;

CREATE FUNCTION public.us_states() RETURNS TABLE(slug text, name text)
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select s.slug, s.name from public.states s where s.country_id = 1 order by s.name;
$$;

CREATE FUNCTION public.vendor_address(p_vendor_id bigint) RETURNS jsonb
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select jsonb_build_object('id', v.id, 'slug', v.slug, 'name', v.name, 'city_slug', c.slug, 'state_slug', s.slug,
                            'country_slug', co.slug, 'hidden', v.hidden)
  from public.vendors v join public.postcodes p on p.id = v.postcode_id join public.cities c on c.id = p.city_id
  join public.states s on s.id = c.state_id join public.countries co on co.id = s.country_id
  where v.id = p_vendor_id;
$$;

CREATE FUNCTION public.website_key(p_site text) RETURNS text
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $_$
  select nullif(regexp_replace(regexp_replace(regexp_replace(lower(trim(coalesce(p_site, ''))),
    '^[a-z][a-z0-9+.-]*://', ''), '^www\.', ''), '/+$', ''), '');
$_$;

CREATE TABLE public.vendors (
    id bigint NOT NULL,
    name text NOT NULL,
    slug text NOT NULL,
    site text,
    phone text,
    full_address text,
    street text,
    rating numeric(2,1),
    photo text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    postcode_id bigint,
    email text,
    hidden boolean DEFAULT false NOT NULL,
    website_key text GENERATED ALWAYS AS (public.website_key(site)) STORED,
    claimed_at timestamp with time zone,
    leads_paused_at timestamp with time zone,
    listed_at timestamp with time zone,
    hours text,
    search_text text,
    last_responded_at timestamp with time zone,
    response_hours integer,
    response_count integer,
    state_id bigint,
    review_count integer DEFAULT 0 NOT NULL,
    review_stars integer DEFAULT 0 NOT NULL,
    CONSTRAINT vendors_email_check CHECK (((email IS NULL) OR public.is_email_address(email))),
    CONSTRAINT vendors_hours_check CHECK ((length(hours) <= 300)),
    CONSTRAINT vendors_rating_check CHECK (((rating >= (0)::numeric) AND (rating <= (5)::numeric))),
    CONSTRAINT vendors_review_count_check CHECK ((review_count >= 0)),
    CONSTRAINT vendors_review_stars_check CHECK ((review_stars >= 0)),
    CONSTRAINT vendors_site_normalized CHECK ((site = public.normalize_website(site)))
);

COMMENT ON TABLE public.vendors IS 'The rental businesses listed in the directory (listings): their public details, and figures kept on the row by triggers so pages need not compute them.';

COMMENT ON COLUMN public.vendors.site IS 'The business''s website as stored and linked: "https://host" (or "http://host"), lower case, without path, query or port (normalize_website, applied by a trigger).';

COMMENT ON COLUMN public.vendors.full_address IS 'The address as shown on the listing; an import writes it as "street, city, state code ZIP".';

COMMENT ON COLUMN public.vendors.street IS 'The street part of the address, which the vendor page adds to its title when another listing of the city shares the name.';

COMMENT ON COLUMN public.vendors.rating IS 'A rating from 0 to 5 given by the seed data or an import''s CSV, shown as a sample rating and never mixed with the published reviews.';

COMMENT ON COLUMN public.vendors.photo IS 'The URL of the listing''s photo, or null for none.';

COMMENT ON COLUMN public.vendors.updated_at IS 'When the listing last changed; the sitemap gives it as the vendor page''s last modification.';

COMMENT ON COLUMN public.vendors.postcode_id IS 'The ZIP code of the business''s address, which places its page under a country, state and city; a vendor without one has no page.';

COMMENT ON COLUMN public.vendors.email IS 'The listing''s email address on file: rental requests and their links are emailed here, and while nobody owns the listing a claim from this address (or from its website''s domain) needs no review.';

COMMENT ON COLUMN public.vendors.hidden IS 'Hidden by the operator: the listing leaves every public page, count, search and sitemap, and routing never picks it as a nearby vendor.';

COMMENT ON COLUMN public.vendors.website_key IS 'The website as duplicates are compared (no scheme, "www." or trailing slash), generated from site; matches imports, submissions and claim domains to listings.';

COMMENT ON COLUMN public.vendors.claimed_at IS 'When a business became the listing''s owner (claim, approved submission or claim review); null while nobody owns it.';

COMMENT ON COLUMN public.vendors.leads_paused_at IS 'When the business asked to stop receiving rental requests ("Stop sending me requests" or /business); null while it receives them.';

COMMENT ON COLUMN public.vendors.listed_at IS 'When the listing went public through the operator (an approved submission or an import); it is marked "New" for 30 days after, and sample listings have none.';

COMMENT ON COLUMN public.vendors.hours IS 'The opening hours as the business writes them, free text of at most 300 characters.';

COMMENT ON COLUMN public.vendors.search_text IS 'The name, city name and website key in one text, kept by the vendor_search_text trigger for the console''s trigram search.';

COMMENT ON COLUMN public.vendors.last_responded_at IS 'When the vendor last answered a request (marked it contacted or quoted), kept by the vendor_response_stats trigger; response_hours is shown only while this is within 90 days.';

COMMENT ON COLUMN public.vendors.response_hours IS 'The median hours, rounded up, from a request''s email to the vendor''s first answer over the 90 days before last_responded_at; null below 3 answers (vendor_responses, kept by a trigger).';

COMMENT ON COLUMN public.vendors.response_count IS 'How many answered requests response_hours rests on, kept with it by the vendor_response_stats trigger.';

COMMENT ON COLUMN public.vendors.state_id IS 'The state of the address''s ZIP code, a copy kept by the vendor_state_id trigger so a state page reads its listings from one index.';

COMMENT ON COLUMN public.vendors.review_count IS 'How many published reviews the listing has, kept by the review_counts trigger.';

COMMENT ON COLUMN public.vendors.review_stars IS 'The sum of the stars of the listing''s published reviews (their average is review_stars / review_count), kept by the review_counts trigger.';

CREATE FUNCTION public.vendor_card(v public.vendors) RETURNS jsonb
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select jsonb_build_object(
    'id', v.id, 'name', v.name, 'slug', v.slug, 'phone', v.phone, 'site', v.site,
    'full_address', v.full_address, 'rating', v.rating, 'photo', v.photo,
    'city_name', c.name, 'city_slug', c.slug, 'state_slug', st.slug, 'state_code', st.code,
    'country_slug', co.slug, 'claimed', v.claimed_at is not null, 'new', coalesce(v.listed_at > now() - interval '30 days', false),
    -- Read here rather than through a function: a card is built for every vendor of a page.
    'from_day', (select min(k.day_rate) from public.rate_card_classes k where k.vendor_id = r.vendor_id),
    'rates_sample', r.sample,
    'reviews', jsonb_build_object('count', v.review_count, 'average', round(v.review_stars::numeric / nullif(v.review_count, 0), 1)))
  from public.postcodes p
  join public.cities c on c.id = p.city_id
  join public.states st on st.id = c.state_id
  join public.countries co on co.id = st.country_id
  left join public.rate_cards r on r.vendor_id = v.id
  where p.id = v.postcode_id;
$$;

CREATE FUNCTION public.vendor_miles_to_zip(p_vendor_id bigint, p_zip text) RETURNS double precision
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select round(public.distance_miles(jc.latitude, jc.longitude, vc.latitude, vc.longitude)::numeric, 1)::double precision
  from public.vendors v
  join public.postcodes vp on vp.id = v.postcode_id
  join public.cities vc on vc.id = vp.city_id
  cross join public.postcodes jp
  join public.cities jc on jc.id = jp.city_id
  where v.id = p_vendor_id and jp.code = p_zip;
$$;

CREATE FUNCTION public.vendor_page(p_country_slug text, p_state_slug text, p_city_slug text, p_vendor_slug text) RETURNS jsonb
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  with co as (select * from public.countries where slug = lower(p_country_slug)),
       st as (select s.* from public.states s join co on co.id = s.country_id where s.slug = lower(p_state_slug)),
       c as (select c.* from public.cities c join st on st.id = c.state_id where c.slug = lower(p_city_slug)),
       v as (select v.* from public.vendors v where v.slug = lower(p_vendor_slug))
  select jsonb_build_object(
    'country', (select jsonb_build_object('name', name, 'slug', slug) from co),
    'state', (select jsonb_build_object('name', name, 'slug', slug, 'code', code) from st),
    'city', (select jsonb_build_object('name', name, 'slug', slug) from c),
    'vendor', (select public.vendor_card(v) || jsonb_build_object(
                 'reviews', public.vendor_review_summary(v.id), 'street', v.street, 'created_at', v.created_at, 'updated_at', v.updated_at,
                 'postcode', (select p.code from public.postcodes p where p.id = v.postcode_id),
                 'description', (select d.description from public.vendors_additionaldetails d where d.vendor_id = v.id),
                 'name_shared', exists (
                   select 1 from public.vendors o
                   join public.postcodes op on op.id = o.postcode_id
                   join public.postcodes vp on vp.id = v.postcode_id
                   where o.name = v.name and o.id <> v.id and op.city_id = vp.city_id),
                 'response', private.vendor_response(v.id), 'hours', v.hours, 'paused', v.leads_paused_at is not null,
                 'rates', public.rate_card_json(v.id))
               from v where exists (select 1 from c)),
    'reviews', (select public.vendor_reviews(v.id) from v where exists (select 1 from c)));
$$;

CREATE FUNCTION public.vendor_page_slice(p_vendor_ids bigint[], p_offset integer, p_limit integer, p_sort text DEFAULT 'rating'::text) RETURNS jsonb
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  with members as (
    select v.id, v.name, case when v.last_responded_at > now() - interval '90 days' then v.response_hours end as hours
    from (select distinct u.id from unnest(p_vendor_ids) u(id)) ids join public.vendors v on v.id = ids.id
  ), ranked as (
    select m.id, m.name, p.day_rate as price, s.score, m.hours
    from members m
    join public.vendor_review_scores(p_vendor_ids) s on s.vendor_id = m.id
    left join private.lowest_day_rates(case when p_sort = 'price' then p_vendor_ids end) p on p.vendor_id = m.id
  ), page as (
    -- A bounded sort: the rows up to the page's end, not every vendor, are put in order.
    select r.* from ranked r
    order by r.price nulls last, r.score desc, r.hours nulls last, r.name, r.id
    offset greatest(coalesce(p_offset, 0), 0)
    limit least(greatest(coalesce(p_limit, 48), 1), 100)
  )
  select jsonb_build_object(
    'vendor_total', coalesce(array_length(p_vendor_ids, 1), 0),
    'vendors', coalesce((select jsonb_agg(public.vendor_card(v) order by p.price nulls last, p.score desc, p.hours nulls last, p.name, p.id)
                         from page p join public.vendors v on v.id = p.id), '[]'::jsonb));
$$;

CREATE FUNCTION public.vendor_review_scores(p_vendor_ids bigint[]) RETURNS TABLE(vendor_id bigint, score numeric)
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  with site as (select private.review_site_average() as average)
  select v.id, (5 * site.average + v.review_stars) / (5 + v.review_count)
  from (select distinct u.id from unnest(p_vendor_ids) u(id)) ids
  join public.vendors v on v.id = ids.id
  cross join site;
$$;

CREATE FUNCTION public.vendor_review_summary(p_vendor_id bigint) RETURNS jsonb
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select jsonb_build_object('count', count(*), 'average', round(avg(r.stars), 1),
    'stars', jsonb_build_array(count(*) filter (where r.stars = 1), count(*) filter (where r.stars = 2),
                               count(*) filter (where r.stars = 3), count(*) filter (where r.stars = 4),
                               count(*) filter (where r.stars = 5)))
  from public.reviews r where r.vendor_id = p_vendor_id and r.status = 'published';
$$;

CREATE FUNCTION public.vendor_reviews(p_vendor_id bigint, p_offset integer DEFAULT 0, p_limit integer DEFAULT 10) RETURNS jsonb
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select jsonb_build_object(
    'total', (select count(*) from public.reviews r where r.vendor_id = p_vendor_id and r.status = 'published'),
    'reviews', coalesce((select jsonb_agg(jsonb_build_object('id', r.id, 'stars', r.stars, 'body', r.body, 'author', r.author,
        'machine', r.machine, 'requested_at', r.requested_at, 'published_at', r.published_at,
        'reply', r.reply, 'replied_at', r.replied_at, 'booked', private.review_booked(r.id)) order by r.published_at desc, r.id desc)
      from (select r.id, r.stars, r.body, r.author, r.machine, r.requested_at, r.published_at, r.reply, r.replied_at
            from public.reviews r where r.vendor_id = p_vendor_id and r.status = 'published'
            order by r.published_at desc, r.id desc
            offset greatest(coalesce(p_offset, 0), 0) limit least(greatest(coalesce(p_limit, 10), 1), 100)) r), '[]'::jsonb));
$$;

CREATE FUNCTION public.vendors_near_zip(p_zip text, p_limit integer, p_exclude bigint DEFAULT NULL::bigint) RETURNS TABLE(vendor_id bigint, distance_miles double precision, serves boolean)
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
declare
  job record;
  ring record;
  wanted int := greatest(coalesce(p_limit, 0), 0);
  found int := 0;
  added int;
begin
  select p.id as postcode_id, c.latitude as lat, c.longitude as lng into job
  from public.postcodes p join public.cities c on c.id = p.city_id
  where p.code = p_zip;
  if job.postcode_id is null or wanted = 0 then
    return;
  end if;

  return query
    select v.id, round(public.distance_miles(job.lat, job.lng, c.latitude, c.longitude)::numeric, 1)::double precision, true
    from public.vendors_serviced s
    join public.vendors v on v.id = s.vendor_id
    join public.postcodes p on p.id = v.postcode_id
    join public.cities c on c.id = p.city_id
    where s.postcode_id = job.postcode_id and v.id is distinct from p_exclude and not v.hidden and v.leads_paused_at is null
    order by 2 nulls last,
      exists (select 1 from public.lead_recipients r where r.vendor_id = v.id and r.responded_at > now() - interval '90 days') desc,
      v.rating desc nulls last, v.id
    limit wanted;
  get diagnostics found = row_count;

  -- Rings of cities at the same distance (to 0.1 mile), nearest first.
  for ring in
    select round(public.distance_miles(job.lat, job.lng, c.latitude, c.longitude)::numeric, 1) as miles, array_agg(c.id) as city_ids
    from public.cities c
    where c.latitude between job.lat - 50 / 69.0 and job.lat + 50 / 69.0
      and c.longitude between job.lng - 50 / (69.0 * greatest(cos(radians(job.lat)), 0.01))
                          and job.lng + 50 / (69.0 * greatest(cos(radians(job.lat)), 0.01))
      and public.distance_miles(job.lat, job.lng, c.latitude, c.longitude) <= 50
    group by 1
    order by 1
  loop
    exit when found >= wanted;
    return query
      select v.id, ring.miles::double precision, false
      from public.postcodes p
      join public.vendors v on v.postcode_id = p.id
      where p.city_id = any (ring.city_ids)
        and v.id is distinct from p_exclude and not v.hidden and v.leads_paused_at is null
        and not exists (select 1 from public.vendors_serviced s where s.vendor_id = v.id and s.postcode_id = job.postcode_id)
      order by exists (select 1 from public.lead_recipients r where r.vendor_id = v.id and r.responded_at > now() - interval '90 days') desc,
        v.rating desc nulls last, v.id
      limit wanted - found;
    get diagnostics added = row_count;
    found := found + added;
  end loop;
end;
$$;

CREATE FUNCTION public.withdraw_lead(p_lead_id bigint, p_owner_token text, p_link_hash text DEFAULT NULL::text) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if not private.renter_owns_lead(p_lead_id, p_owner_token, p_link_hash) then
    raise exception 'Rental request not found' using errcode = 'PT404', hint = 'no-request';
  end if;
  perform private.lead_move(p_lead_id, 'withdraw');
  update public.leads l set withdrawn_at = coalesce(l.withdrawn_at, now()), updated_at = now() where l.id = p_lead_id;
  update public.quotes q set status = 'closed', closed_at = now() where q.lead_id = p_lead_id and q.status = 'open';
  update public.outbox_messages m set status = 'failed', last_error = 'withdrawn by the renter', claim_id = null, claimed_until = null
  where m.lead_id = p_lead_id and m.status in ('pending', 'sending')
    and (m.kind = 'lead' or (m.kind = 'review_invite' and not exists (
           select 1 from public.lead_recipients r where r.lead_id = p_lead_id and r.responded_at is not null)));
end;
$$;

CREATE TABLE private.city_vendors (
    city_id bigint NOT NULL,
    vendor_id bigint NOT NULL,
    zips integer NOT NULL,
    CONSTRAINT city_vendors_zips_check CHECK ((zips >= 0))
);

COMMENT ON TABLE private.city_vendors IS 'How many of each city''s ZIP codes each vendor serves, kept by the serviced_counts trigger so that a city''s vendor_count changes only when a vendor''s first ZIP code there is added or its last removed.';

COMMENT ON COLUMN private.city_vendors.vendor_id IS 'The vendor (no foreign key: the vendor_counts trigger deletes its rows before the vendor goes).';

COMMENT ON COLUMN private.city_vendors.zips IS 'How many of the city''s ZIP codes the vendor serves.';

CREATE TABLE private.lead_transitions (
    action text NOT NULL,
    actor text NOT NULL,
    from_state text NOT NULL,
    to_state text NOT NULL,
    CONSTRAINT lead_transitions_actor_check CHECK ((actor = ANY (ARRAY['renter'::text, 'business'::text, 'operator'::text, 'job'::text]))),
    CONSTRAINT lead_transitions_from_state_check CHECK ((from_state = ANY (ARRAY['draft'::text, 'sent'::text, 'withdrawn'::text, 'booked'::text, 'cancelled'::text, 'over'::text, 'erased'::text]))),
    CONSTRAINT lead_transitions_to_state_check CHECK ((to_state = ANY (ARRAY['draft'::text, 'sent'::text, 'withdrawn'::text, 'booked'::text, 'cancelled'::text, 'over'::text, 'erased'::text])))
);

COMMENT ON TABLE private.lead_transitions IS 'Every change a rental request''s life allows: who (actor) may do what (action) in which state, and the state it leads to (the same state for an action that changes none). private.lead_move refuses whatever is not here.';

COMMENT ON COLUMN private.lead_transitions.action IS 'What is done, the name private.lead_move is called with, e.g. send, withdraw, book, quote or erase.';

COMMENT ON COLUMN private.lead_transitions.actor IS 'Who may do it: renter, business, operator or job (the retention job).';

COMMENT ON COLUMN private.lead_transitions.from_state IS 'The state the request is in; "over" is a sent or booked request whose rental has ended.';

COMMENT ON COLUMN private.lead_transitions.to_state IS 'The state the action leads to; "over" (from "over") leaves the stored state as it is.';

CREATE TABLE private.review_totals (
    only_row boolean DEFAULT true NOT NULL,
    count bigint NOT NULL,
    stars bigint NOT NULL,
    CONSTRAINT review_totals_count_check CHECK ((count >= 0)),
    CONSTRAINT review_totals_only_row_check CHECK (only_row),
    CONSTRAINT review_totals_stars_check CHECK ((stars >= 0))
);

COMMENT ON TABLE private.review_totals IS 'The count and stars of every published review of the site in one row, kept by the review_counts trigger, for the site-wide average the rankings use (review_site_average).';

COMMENT ON COLUMN private.review_totals.only_row IS 'Always true: the primary key that keeps the table to one row.';

COMMENT ON COLUMN private.review_totals.count IS 'How many published reviews the site has.';

COMMENT ON COLUMN private.review_totals.stars IS 'The sum of the stars of all published reviews.';

ALTER TABLE public.articles ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.articles_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

CREATE TABLE public.auth_links (
    token_hash text NOT NULL,
    purpose text NOT NULL,
    email text NOT NULL,
    vendor_id bigint,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    expires_at timestamp with time zone NOT NULL,
    used_at timestamp with time zone,
    lead_id bigint,
    CONSTRAINT auth_links_email_check CHECK (((email = lower(email)) AND public.is_email_address(email))),
    CONSTRAINT auth_links_purpose_check CHECK ((purpose = ANY (ARRAY['sign_in'::text, 'claim'::text, 'lead_contacted'::text, 'opt_out'::text, 'lead_status'::text, 'lead_quote'::text]))),
    CONSTRAINT auth_links_subject_check CHECK ((((purpose = ANY (ARRAY['sign_in'::text, 'lead_status'::text])) = (vendor_id IS NULL)) AND ((purpose = ANY (ARRAY['lead_contacted'::text, 'lead_status'::text, 'lead_quote'::text])) = (lead_id IS NOT NULL)))),
    CONSTRAINT auth_links_token_hash_check CHECK ((token_hash ~ '^[0-9a-f]{64}$'::text))
);

COMMENT ON TABLE public.auth_links IS 'Links emailed to act without a session (sign in, claim, a lead email''s links, a renter''s status link): the SHA-256 of each token, its one purpose and its expiry.';

COMMENT ON COLUMN public.auth_links.token_hash IS 'The SHA-256 (hex) of the link''s token, stored when the email is rendered; the token itself is never stored.';

COMMENT ON COLUMN public.auth_links.purpose IS 'What the link does: sign_in, claim, lead_contacted ("I''ve contacted this customer"), opt_out ("Stop sending me requests"), lead_status (a renter''s status page) or lead_quote ("Send a quote").';

COMMENT ON COLUMN public.auth_links.email IS 'The address the link was emailed to and acts for: the business''s, the listing''s email on file, or the renter''s.';

COMMENT ON COLUMN public.auth_links.vendor_id IS 'The listing the link acts on; null for sign-in and status links.';

COMMENT ON COLUMN public.auth_links.expires_at IS 'After this the link works no more; the retention job deletes it some days after.';

COMMENT ON COLUMN public.auth_links.used_at IS 'When the link was first used (business_link_use): a sign-in, claim or lead_contacted link works only while it is null, an opt_out link any number of times; status and quote links never set it.';

COMMENT ON COLUMN public.auth_links.lead_id IS 'The request the link acts on, for lead_contacted, lead_status and lead_quote links.';

CREATE TABLE public.auth_throttle (
    key text NOT NULL,
    failures integer DEFAULT 0 NOT NULL,
    last_failure_at timestamp with time zone DEFAULT now() NOT NULL,
    blocked_until timestamp with time zone,
    CONSTRAINT auth_throttle_key_check CHECK (((length(key) >= 1) AND (length(key) <= 200)))
);

COMMENT ON TABLE public.auth_throttle IS 'Failed operator sign-ins per key: beyond a key''s free failures it is blocked for 1, 2, 4, 8, then 15 minutes, and an hour without failures starts it afresh.';

COMMENT ON COLUMN public.auth_throttle.key IS 'What failed: "operator:address:<hash>" for the client''s address, or "operator:pair:<hash>" for the address and the account typed, never whether the account exists.';

COMMENT ON COLUMN public.auth_throttle.failures IS 'Failures counted since the key last started afresh.';

COMMENT ON COLUMN public.auth_throttle.last_failure_at IS 'When the key last failed.';

COMMENT ON COLUMN public.auth_throttle.blocked_until IS 'Until when the key may not try again; null when it has not been blocked.';

CREATE TABLE public.bookings (
    lead_id bigint NOT NULL,
    quote_id bigint NOT NULL,
    vendor_id bigint NOT NULL,
    status text DEFAULT 'booked'::text NOT NULL,
    cancel_reason text,
    booked_at timestamp with time zone DEFAULT now() NOT NULL,
    cancelled_at timestamp with time zone,
    start_date date NOT NULL,
    end_date date NOT NULL,
    CONSTRAINT bookings_cancel_reason_check CHECK (((length(cancel_reason) >= 1) AND (length(cancel_reason) <= 500))),
    CONSTRAINT bookings_dates CHECK ((end_date >= start_date)),
    CONSTRAINT bookings_reason_when_cancelled CHECK (((status = 'cancelled'::text) OR (cancel_reason IS NULL))),
    CONSTRAINT bookings_status_check CHECK ((status = ANY (ARRAY['booked'::text, 'cancelled'::text])))
);

COMMENT ON TABLE public.bookings IS 'The renter''s booking of one quote, at most one per request; the request is in state booked exactly while its booking is.';

COMMENT ON COLUMN public.bookings.vendor_id IS 'The vendor of the booked quote.';

COMMENT ON COLUMN public.bookings.status IS 'booked, or cancelled (by the renter before the first day booked, or by erasure).';

COMMENT ON COLUMN public.bookings.cancel_reason IS 'The renter''s reason for cancelling; null while booked, for a cancellation by erasure, and after erasure.';

COMMENT ON COLUMN public.bookings.cancelled_at IS 'When the booking was cancelled.';

COMMENT ON COLUMN public.bookings.start_date IS 'The first day booked: the booked quote''s other dates when it offered them, else the request''s.';

COMMENT ON COLUMN public.bookings.end_date IS 'The last day booked, as start_date.';

CREATE TABLE public.cities (
    id bigint NOT NULL,
    name text NOT NULL,
    slug text NOT NULL,
    state_id bigint NOT NULL,
    latitude double precision,
    longitude double precision,
    vendor_count integer DEFAULT 0 NOT NULL
);

COMMENT ON TABLE public.cities IS 'The cities of a state, each with a page at /<country>/<state>/<slug>.';

COMMENT ON COLUMN public.cities.latitude IS 'The city''s latitude in degrees; every ZIP code of the city is placed here when distances are measured (lead routing, price pages).';

COMMENT ON COLUMN public.cities.longitude IS 'The city''s longitude in degrees, used with latitude for distances.';

COMMENT ON COLUMN public.cities.vendor_count IS 'How many listed (not hidden) vendors serve at least one of the city''s ZIP codes, kept by the serviced_counts and vendor_counts triggers.';

CREATE TABLE public.cities_additionaldetails (
    city_id bigint NOT NULL,
    description text
);

COMMENT ON TABLE public.cities_additionaldetails IS 'Optional copy of a city''s page, one row per city.';

COMMENT ON COLUMN public.cities_additionaldetails.description IS 'The city page''s description text, split into paragraphs on blank lines.';

ALTER TABLE public.cities ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.cities_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

CREATE TABLE public.states (
    id bigint NOT NULL,
    name text NOT NULL,
    slug text NOT NULL,
    code text NOT NULL,
    country_id bigint NOT NULL,
    featured boolean,
    vendor_count integer DEFAULT 0 NOT NULL
);

COMMENT ON TABLE public.states IS 'The states of a country, each with a page at /<country>/<slug>.';

COMMENT ON COLUMN public.states.code IS 'The state''s two-letter postal abbreviation, e.g. TX, shown on vendor cards and in addresses.';

COMMENT ON COLUMN public.states.featured IS 'Orders the country page''s quick links: true first, then null (unset), then false, each by vendor count.';

COMMENT ON COLUMN public.states.vendor_count IS 'How many listed (not hidden) vendors have their address in the state, kept by the vendor_counts trigger so pages read a column instead of counting.';

CREATE VIEW public.cities_with_vendors WITH (security_invoker='true') AS
 SELECT c.id AS city_id,
    c.name AS city_name,
    c.slug AS city_slug,
    c.vendor_count,
    st.slug AS state_slug
   FROM (public.cities c
     JOIN public.states st ON ((st.id = c.state_id)))
  WHERE (c.vendor_count > 0);

COMMENT ON VIEW public.cities_with_vendors IS 'The cities that at least one listed vendor serves, with their vendor_count and their state''s slug.';

CREATE TABLE public.countries (
    id bigint NOT NULL,
    name text NOT NULL,
    code text NOT NULL,
    slug text NOT NULL
);

COMMENT ON TABLE public.countries IS 'The countries the directory covers; each has a page at /<slug> listing its states.';

COMMENT ON COLUMN public.countries.code IS 'The country''s two-letter ISO code, e.g. US.';

ALTER TABLE public.countries ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.countries_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

CREATE TABLE public.equipment_manufacturer (
    id bigint NOT NULL,
    name text NOT NULL,
    slug text NOT NULL,
    site text
);

COMMENT ON TABLE public.equipment_manufacturer IS 'The manufacturers of the model catalogue, each with a page under /us/skidsteers/<slug>.';

COMMENT ON COLUMN public.equipment_manufacturer.site IS 'The manufacturer''s website.';

ALTER TABLE public.equipment_manufacturer ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.equipment_manufacturer_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE public.equipment_models ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.equipment_models_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

CREATE TABLE public.equipment_type (
    id bigint NOT NULL,
    name text NOT NULL,
    slug text NOT NULL
);

COMMENT ON TABLE public.equipment_type IS 'The kinds of machine of the model catalogue: skid steer loader and compact track loader.';

ALTER TABLE public.equipment_type ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.equipment_type_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

CREATE TABLE public.hero_config (
    page_type text NOT NULL,
    hero_h1_headline text NOT NULL,
    hero_h2_subtitle1 text,
    hero_h2_subtitle2 text
);

COMMENT ON TABLE public.hero_config IS 'The hero headline and subtitles of each kind of directory page; a page type without a row uses skidsteer_config''s (hero_for).';

COMMENT ON COLUMN public.hero_config.page_type IS 'The kind of page the copy is for: country, state or city.';

COMMENT ON COLUMN public.hero_config.hero_h1_headline IS 'The page''s H1; a "{location}" token is replaced by the place''s name.';

COMMENT ON COLUMN public.hero_config.hero_h2_subtitle1 IS 'The first line under the headline, with the same "{location}" token.';

COMMENT ON COLUMN public.hero_config.hero_h2_subtitle2 IS 'The second line under the headline, with the same "{location}" token.';

CREATE TABLE public.lead_consents (
    lead_id bigint NOT NULL,
    text text NOT NULL,
    vendor_ids bigint[] NOT NULL,
    page text NOT NULL,
    client_hash text,
    given_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT lead_consents_client_hash_check CHECK ((client_hash ~ '^[0-9a-f]{32}$'::text)),
    CONSTRAINT lead_consents_page_check CHECK (((length(page) >= 1) AND (length(page) <= 300))),
    CONSTRAINT lead_consents_text_check CHECK (((length(text) >= 1) AND (length(text) <= 2000)))
);

COMMENT ON TABLE public.lead_consents IS 'The consent each sent request carries: the sentence the renter was shown beside the submit button, naming the vendors that may call or text them.';

COMMENT ON COLUMN public.lead_consents.text IS 'The consent sentence exactly as shown (private.consent_text with the recipients'' names).';

COMMENT ON COLUMN public.lead_consents.vendor_ids IS 'The vendors the sentence named, in routing order.';

COMMENT ON COLUMN public.lead_consents.page IS 'The path of the site page the request was sent from.';

COMMENT ON COLUMN public.lead_consents.client_hash IS 'The keyed hash of the renter''s network address when they consented; null after erasure.';

COMMENT ON COLUMN public.lead_consents.given_at IS 'When the renter consented (sent the request).';

CREATE TABLE public.outbox_attempts (
    id bigint NOT NULL,
    message_id bigint NOT NULL,
    attempted_at timestamp with time zone DEFAULT now() NOT NULL,
    ok boolean NOT NULL,
    sent_via text,
    error text
);

COMMENT ON TABLE public.outbox_attempts IS 'One row for each time a sender recorded an outbox message''s outcome, for the operator''s delivery reports.';

COMMENT ON COLUMN public.outbox_attempts.ok IS 'The attempt sent the message.';

COMMENT ON COLUMN public.outbox_attempts.sent_via IS 'How it was sent when ok: smtp, file or webhook.';

COMMENT ON COLUMN public.outbox_attempts.error IS 'The failure''s error; emptied by retention and erasure, since it can quote an address.';

ALTER TABLE public.outbox_attempts ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.lead_message_attempts_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

CREATE TABLE public.outbox_messages (
    id bigint NOT NULL,
    lead_id bigint,
    vendor_id bigint,
    channel text NOT NULL,
    status text DEFAULT 'pending'::text NOT NULL,
    attempts integer DEFAULT 0 NOT NULL,
    next_attempt_at timestamp with time zone DEFAULT now() NOT NULL,
    claim_id uuid,
    claimed_until timestamp with time zone,
    sent_at timestamp with time zone,
    sent_via text,
    last_error text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    kind text DEFAULT 'lead'::text NOT NULL,
    payload jsonb DEFAULT '{}'::jsonb NOT NULL,
    recipient text,
    quote_id bigint,
    CONSTRAINT lead_messages_channel_check CHECK ((channel = ANY (ARRAY['email'::text, 'webhook'::text]))),
    CONSTRAINT lead_messages_kind_check CHECK ((kind ~ '^[a-z_]{2,40}$'::text)),
    CONSTRAINT lead_messages_recipient_check CHECK (((recipient IS NULL) OR public.is_email_address(recipient))),
    CONSTRAINT lead_messages_status_check CHECK ((status = ANY (ARRAY['pending'::text, 'sending'::text, 'sent'::text, 'failed'::text]))),
    CONSTRAINT outbox_messages_lead_of_kind CHECK (((kind = ANY (ARRAY['lead'::text, 'renter_copy'::text, 'review_invite'::text, 'quote'::text, 'quote_withdrawn'::text, 'booked'::text, 'booking_confirmation'::text, 'chose_another'::text, 'booking_cancelled'::text])) = (lead_id IS NOT NULL)))
);

COMMENT ON TABLE public.outbox_messages IS 'Every email and lead webhook the site sends, queued in the same transaction as the change it reports and sent by claim (claim_outbox_messages) with retries.';

COMMENT ON COLUMN public.outbox_messages.lead_id IS 'The request the message is about; set exactly for the kinds that concern one (outbox_messages_lead_of_kind).';

COMMENT ON COLUMN public.outbox_messages.vendor_id IS 'The listing the message goes to or is about: a recipient of a request''s lead email, the quoting or booked vendor, or the listing of a claim or "listing live" email.';

COMMENT ON COLUMN public.outbox_messages.channel IS 'email, or webhook (a request sent to the operator''s LEAD_WEBHOOK_URL).';

COMMENT ON COLUMN public.outbox_messages.status IS 'pending (due at next_attempt_at), sending (claimed), sent, or failed (out of attempts, or cancelled by a withdrawal, a spam mark or erasure).';

COMMENT ON COLUMN public.outbox_messages.attempts IS 'How many times a sender has claimed the message.';

COMMENT ON COLUMN public.outbox_messages.next_attempt_at IS 'When the message is next due: now when queued, later for a review invitation or a retry (doubling from 30 seconds).';

COMMENT ON COLUMN public.outbox_messages.claim_id IS 'The current sender''s claim; only the claim that took the message may record its outcome.';

COMMENT ON COLUMN public.outbox_messages.claimed_until IS 'When the claim lapses, after which another sender may take the message (a crashed sender''s messages come back).';

COMMENT ON COLUMN public.outbox_messages.sent_at IS 'When the message was sent.';

COMMENT ON COLUMN public.outbox_messages.sent_via IS 'How it was sent: smtp, file (an .eml file when no SMTP server is configured) or webhook.';

COMMENT ON COLUMN public.outbox_messages.last_error IS 'The last failure''s error, or why the message was cancelled; emptied by retention and erasure.';

COMMENT ON COLUMN public.outbox_messages.kind IS 'The message''s template: lead, renter_copy, review_invite, quote, quote_withdrawn, booked, booking_confirmation, chose_another, booking_cancelled, listing_live, sign_in, claim_link or review_published.';

COMMENT ON COLUMN public.outbox_messages.payload IS 'What the template needs beyond the rows it names (e.g. the quote''s id, the renter copy''s vendors and phones); emptied by retention and erasure.';

COMMENT ON COLUMN public.outbox_messages.recipient IS 'The email address of a message that does not go to a request''s vendor (renter, business, sign-in address); null for lead emails and webhooks, and after retention or erasure.';

COMMENT ON COLUMN public.outbox_messages.quote_id IS 'The quote a request''s message is about (quote, quote withdrawn, booking messages); with lead, vendor, channel and kind it makes the message unique.';

ALTER TABLE public.outbox_messages ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.lead_messages_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

CREATE TABLE public.lead_recipients (
    lead_id bigint NOT NULL,
    vendor_id bigint NOT NULL,
    reason text NOT NULL,
    rank smallint NOT NULL,
    distance_miles numeric(6,1),
    status text,
    status_reason text,
    status_at timestamp with time zone,
    responded_at timestamp with time zone,
    completed_at timestamp with time zone,
    spam boolean DEFAULT false NOT NULL,
    emailed_at timestamp with time zone,
    CONSTRAINT lead_recipients_reason_check CHECK ((reason = ANY (ARRAY['vendor_page'::text, 'nearby'::text]))),
    CONSTRAINT lead_recipients_status_check CHECK ((status = ANY (ARRAY['contacted'::text, 'quoted'::text, 'won'::text, 'lost'::text, 'not_a_fit'::text]))),
    CONSTRAINT lead_recipients_status_reason_check CHECK ((length(status_reason) <= 500))
);

COMMENT ON TABLE public.lead_recipients IS 'The vendors each sent request went to, why and in which order, with each vendor''s own status of it; routing fixes them when the request is sent.';

COMMENT ON COLUMN public.lead_recipients.reason IS 'Why the vendor received the request: vendor_page (it was started on its page) or nearby (it serves or is near the job site).';

COMMENT ON COLUMN public.lead_recipients.rank IS 'The vendor''s place in the routing order, from 1: the vendor of the page first, then nearby vendors nearest first.';

COMMENT ON COLUMN public.lead_recipients.distance_miles IS 'Miles, to 0.1, from the vendor''s city to the job site''s city at routing; null for the vendor of the page.';

COMMENT ON COLUMN public.lead_recipients.status IS 'The vendor''s status of the request: contacted, quoted, won, lost or not_a_fit, set by the business and by the request''s events (a quote or its withdrawal, a booking, a cancellation, erasure); null until then.';

COMMENT ON COLUMN public.lead_recipients.status_reason IS 'Why the request was lost or not a fit, as the business (or a booking or cancellation) gave it; null after erasure.';

COMMENT ON COLUMN public.lead_recipients.status_at IS 'When status was last set.';

COMMENT ON COLUMN public.lead_recipients.responded_at IS 'When the vendor first answered (marked the request contacted or quoted): its response time counts from emailed_at to here.';

COMMENT ON COLUMN public.lead_recipients.completed_at IS 'A copy of the request''s completed_at, set by the recipient_request_copies trigger, so a listing''s requests are read newest first from one index.';

COMMENT ON COLUMN public.lead_recipients.spam IS 'A copy of the request''s spam mark, kept by triggers, so a listing''s requests are read and counted without reading the requests.';

COMMENT ON COLUMN public.lead_recipients.emailed_at IS 'When the request''s email to this vendor was sent (recipient_emailed_at), from which its response time counts.';

ALTER TABLE public.leads ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.leads_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE public.models_skidsteers ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.models_skidsteers_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

CREATE TABLE public.operator_audit (
    id bigint NOT NULL,
    at timestamp with time zone DEFAULT now() NOT NULL,
    operator_email text NOT NULL,
    action text NOT NULL,
    subject text,
    details jsonb DEFAULT '{}'::jsonb NOT NULL
);

COMMENT ON TABLE public.operator_audit IS 'The audit log: who did what to which record, written by the operators'' and businesses'' functions and by the server (sign-ins, imports).';

COMMENT ON COLUMN public.operator_audit.at IS 'When it was done.';

COMMENT ON COLUMN public.operator_audit.operator_email IS 'Who did it: an operator''s email, "business <email>" for a business''s own edits, or "shell" for the command line.';

COMMENT ON COLUMN public.operator_audit.action IS 'What was done, a short name such as approve, spam, rates or claim.';

COMMENT ON COLUMN public.operator_audit.subject IS 'The record it was done to, e.g. "vendor 12", "lead 40" or "submission 3".';

COMMENT ON COLUMN public.operator_audit.details IS 'What changed or was given, as JSON.';

ALTER TABLE public.operator_audit ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.operator_audit_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

CREATE TABLE public.operators (
    id bigint NOT NULL,
    email text NOT NULL,
    password_hash text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT operators_email_check CHECK (((email = lower(email)) AND public.is_email_address(email))),
    CONSTRAINT operators_password_hash_check CHECK ((password_hash ~~ 'scrypt$%'::text))
);

COMMENT ON TABLE public.operators IS 'The operator console''s accounts, managed from the command line (npm run operator).';

COMMENT ON COLUMN public.operators.password_hash IS 'The password''s scrypt hash ("scrypt$..."), computed by the server; never a password.';

ALTER TABLE public.operators ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.operators_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

CREATE TABLE public.postcodes (
    id bigint NOT NULL,
    code text NOT NULL,
    city_id bigint NOT NULL
);

COMMENT ON TABLE public.postcodes IS 'The US ZIP codes the directory knows, each in one city: a job site and a vendor''s address are ZIP codes of this table.';

COMMENT ON COLUMN public.postcodes.code IS 'The five-digit ZIP code as text.';

ALTER TABLE public.postcodes ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.postcodes_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

CREATE TABLE public.quotes (
    id bigint NOT NULL,
    lead_id bigint NOT NULL,
    vendor_id bigint NOT NULL,
    revision integer DEFAULT 1 NOT NULL,
    status text DEFAULT 'open'::text NOT NULL,
    machine_class text NOT NULL,
    model text,
    available boolean NOT NULL,
    alternate_start date,
    alternate_end date,
    lines jsonb NOT NULL,
    included_hours integer,
    over_hour_cents integer,
    fuel_policy text,
    tax_percent numeric(5,3),
    subtotal_cents bigint NOT NULL,
    tax_cents bigint NOT NULL,
    total_cents bigint NOT NULL,
    message text,
    valid_until timestamp with time zone NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    closed_at timestamp with time zone,
    CONSTRAINT quotes_check CHECK ((available = ((alternate_start IS NULL) AND (alternate_end IS NULL)))),
    CONSTRAINT quotes_check1 CHECK ((alternate_end >= alternate_start)),
    CONSTRAINT quotes_check2 CHECK ((total_cents = (subtotal_cents + tax_cents))),
    CONSTRAINT quotes_fuel_policy_check CHECK ((fuel_policy = ANY (ARRAY['full_to_full'::text, 'charged'::text, 'included'::text]))),
    CONSTRAINT quotes_included_hours_check CHECK (((included_hours >= 0) AND (included_hours <= 10000))),
    CONSTRAINT quotes_machine_class_check CHECK ((machine_class = ANY (ARRAY['small'::text, 'medium'::text, 'large'::text, 'track'::text]))),
    CONSTRAINT quotes_message_check CHECK ((length(message) <= 1000)),
    CONSTRAINT quotes_model_check CHECK (((length(model) >= 1) AND (length(model) <= 80))),
    CONSTRAINT quotes_over_hour_cents_check CHECK (((over_hour_cents >= 0) AND (over_hour_cents <= 100000))),
    CONSTRAINT quotes_revision_check CHECK ((revision >= 1)),
    CONSTRAINT quotes_status_check CHECK ((status = ANY (ARRAY['open'::text, 'replaced'::text, 'withdrawn'::text, 'closed'::text, 'booked'::text]))),
    CONSTRAINT quotes_subtotal_cents_check CHECK ((subtotal_cents >= 0)),
    CONSTRAINT quotes_tax_cents_check CHECK ((tax_cents >= 0)),
    CONSTRAINT quotes_tax_percent_check CHECK (((tax_percent >= (0)::numeric) AND (tax_percent <= (20)::numeric)))
);

COMMENT ON TABLE public.quotes IS 'Vendors'' itemized quotes for requests they received; a vendor''s new quote for the same request replaces its open one as a new revision.';

COMMENT ON COLUMN public.quotes.vendor_id IS 'The quoting vendor; with lead_id it is a foreign key to lead_recipients, so only a vendor that received the request can quote it.';

COMMENT ON COLUMN public.quotes.revision IS 'The quote''s number among the vendor''s quotes for the request, from 1.';

COMMENT ON COLUMN public.quotes.status IS 'open (bookable until valid_until), replaced by a revision, withdrawn by the vendor, closed (the renter booked another quote or withdrew the request) or booked.';

COMMENT ON COLUMN public.quotes.machine_class IS 'The class of machine quoted: small, medium or large wheeled (by rated operating capacity) or track.';

COMMENT ON COLUMN public.quotes.model IS 'The model offered, when the vendor names one.';

COMMENT ON COLUMN public.quotes.available IS 'The machine is available on the requested dates; when false, alternate_start and alternate_end give the dates offered instead.';

COMMENT ON COLUMN public.quotes.alternate_start IS 'The first day offered instead of the requested dates; null when available.';

COMMENT ON COLUMN public.quotes.alternate_end IS 'The last day offered instead of the requested dates; null when available.';

COMMENT ON COLUMN public.quotes.lines IS 'The priced lines, 1 to 8 objects {kind, label, quantity, unit_cents, amount_cents}, each amount computed from its quantity and unit price (private.quote_totals).';

COMMENT ON COLUMN public.quotes.included_hours IS 'The machine''s meter hours included in the price; null when not stated.';

COMMENT ON COLUMN public.quotes.over_hour_cents IS 'The price of each meter hour beyond included_hours, in US cents.';

COMMENT ON COLUMN public.quotes.fuel_policy IS 'full_to_full (return it full), charged (fuel used is charged) or included; null when not stated.';

COMMENT ON COLUMN public.quotes.tax_percent IS 'The sales tax percent applied to the subtotal; null for none.';

COMMENT ON COLUMN public.quotes.subtotal_cents IS 'The sum of the lines'' amounts, in US cents.';

COMMENT ON COLUMN public.quotes.tax_cents IS 'The sales tax, subtotal_cents times tax_percent rounded to the cent, in US cents.';

COMMENT ON COLUMN public.quotes.total_cents IS 'subtotal_cents plus tax_cents, in US cents.';

COMMENT ON COLUMN public.quotes.message IS 'The vendor''s note to the renter; null after erasure.';

COMMENT ON COLUMN public.quotes.valid_until IS 'Until when the renter can book the quote: at most 14 days after it was made, and never past the rental''s start.';

COMMENT ON COLUMN public.quotes.closed_at IS 'When the quote stopped being open (replaced, withdrawn, closed or booked).';

ALTER TABLE public.quotes ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.quotes_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

CREATE TABLE public.rate_card_classes (
    vendor_id bigint NOT NULL,
    class text NOT NULL,
    day_rate numeric(8,2) NOT NULL,
    week_rate numeric(8,2),
    four_week_rate numeric(9,2),
    day_hours integer,
    week_hours integer,
    four_week_hours integer,
    CONSTRAINT rate_card_classes_check CHECK ((week_rate <= ((7)::numeric * day_rate))),
    CONSTRAINT rate_card_classes_check1 CHECK ((four_week_rate <= ((4)::numeric * COALESCE(week_rate, ((7)::numeric * day_rate))))),
    CONSTRAINT rate_card_classes_class_check CHECK ((class = ANY (ARRAY['small'::text, 'medium'::text, 'large'::text, 'track'::text]))),
    CONSTRAINT rate_card_classes_day_hours_check CHECK (((day_hours >= 1) AND (day_hours <= 24))),
    CONSTRAINT rate_card_classes_day_rate_check CHECK (((day_rate >= (1)::numeric) AND (day_rate <= (10000)::numeric))),
    CONSTRAINT rate_card_classes_four_week_hours_check CHECK (((four_week_hours >= 1) AND (four_week_hours <= 672))),
    CONSTRAINT rate_card_classes_four_week_rate_check CHECK (((four_week_rate >= (1)::numeric) AND (four_week_rate <= (280000)::numeric))),
    CONSTRAINT rate_card_classes_week_hours_check CHECK (((week_hours >= 1) AND (week_hours <= 168))),
    CONSTRAINT rate_card_classes_week_rate_check CHECK (((week_rate >= (1)::numeric) AND (week_rate <= (70000)::numeric)))
);

COMMENT ON TABLE public.rate_card_classes IS 'A rate card''s rates for each machine class the vendor rents, in US dollars.';

COMMENT ON COLUMN public.rate_card_classes.class IS 'small (wheeled, under 1,750 lb rated operating capacity), medium (1,750 to 2,200 lb), large (over 2,200 lb) or track (compact track loader).';

COMMENT ON COLUMN public.rate_card_classes.day_rate IS 'The price of one day, in US dollars.';

COMMENT ON COLUMN public.rate_card_classes.week_rate IS 'The price of one week, in US dollars, at most 7 days'' price; null when not offered.';

COMMENT ON COLUMN public.rate_card_classes.four_week_rate IS 'The price of four weeks, in US dollars, at most four times the week rate (or 28 days'' price); null when not offered.';

COMMENT ON COLUMN public.rate_card_classes.day_hours IS 'The meter hours a day includes; null when the vendor states none.';

COMMENT ON COLUMN public.rate_card_classes.week_hours IS 'The meter hours a week includes; null when the vendor states none.';

COMMENT ON COLUMN public.rate_card_classes.four_week_hours IS 'The meter hours four weeks include; null when the vendor states none.';

CREATE TABLE public.rate_card_fees (
    vendor_id bigint NOT NULL,
    "position" integer NOT NULL,
    label text NOT NULL,
    percent numeric(4,1),
    amount numeric(8,2),
    CONSTRAINT rate_card_fees_amount_check CHECK (((amount >= (0)::numeric) AND (amount <= (5000)::numeric))),
    CONSTRAINT rate_card_fees_check CHECK (((percent IS NULL) <> (amount IS NULL))),
    CONSTRAINT rate_card_fees_label_check CHECK (((length(TRIM(BOTH FROM label)) >= 2) AND (length(TRIM(BOTH FROM label)) <= 60))),
    CONSTRAINT rate_card_fees_percent_check CHECK (((percent >= (0)::numeric) AND (percent <= (30)::numeric))),
    CONSTRAINT rate_card_fees_position_check CHECK ((("position" >= 1) AND ("position" <= 5)))
);

COMMENT ON TABLE public.rate_card_fees IS 'A rate card''s other fees, up to five, each a percent of the rental or a fixed amount per rental.';

COMMENT ON COLUMN public.rate_card_fees."position" IS 'The fee''s place on the card, 1 to 5.';

COMMENT ON COLUMN public.rate_card_fees.percent IS 'The fee as a percent of the rental; null when it is a fixed amount.';

COMMENT ON COLUMN public.rate_card_fees.amount IS 'The fee as a fixed amount per rental, in US dollars; null when it is a percent.';

CREATE TABLE public.rate_cards (
    vendor_id bigint NOT NULL,
    delivery_fee numeric(8,2),
    delivery_miles integer,
    delivery_per_mile numeric(6,2),
    waiver_percent numeric(4,1),
    published boolean DEFAULT true NOT NULL,
    sample boolean DEFAULT false NOT NULL,
    confirmed_on date DEFAULT CURRENT_DATE NOT NULL,
    updated_by text NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT rate_cards_check CHECK ((((delivery_fee IS NULL) = (delivery_miles IS NULL)) AND ((delivery_fee IS NULL) = (delivery_per_mile IS NULL)))),
    CONSTRAINT rate_cards_delivery_fee_check CHECK (((delivery_fee >= (0)::numeric) AND (delivery_fee <= (10000)::numeric))),
    CONSTRAINT rate_cards_delivery_miles_check CHECK (((delivery_miles >= 0) AND (delivery_miles <= 500))),
    CONSTRAINT rate_cards_delivery_per_mile_check CHECK (((delivery_per_mile >= (0)::numeric) AND (delivery_per_mile <= (100)::numeric))),
    CONSTRAINT rate_cards_waiver_percent_check CHECK (((waiver_percent >= (0)::numeric) AND (waiver_percent <= (50)::numeric)))
);

COMMENT ON TABLE public.rate_cards IS 'What a vendor charges, one card per vendor, with its classes and fees; visitors read the published cards of listed vendors.';

COMMENT ON COLUMN public.rate_cards.delivery_fee IS 'The flat delivery fee each way within delivery_miles, in US dollars; null (with the other delivery columns) when the vendor does not deliver.';

COMMENT ON COLUMN public.rate_cards.delivery_miles IS 'The miles the flat delivery fee covers.';

COMMENT ON COLUMN public.rate_cards.delivery_per_mile IS 'The delivery charge per whole mile beyond delivery_miles, each way, in US dollars.';

COMMENT ON COLUMN public.rate_cards.waiver_percent IS 'The damage waiver as a percent of the rental; null when not offered.';

COMMENT ON COLUMN public.rate_cards.published IS 'Visitors may read the card (while its vendor is listed); the console and the business read it either way.';

COMMENT ON COLUMN public.rate_cards.sample IS 'Fictitious sample data (the seeded directory), shown as such wherever it shows; a card stored by set_rate_card never is.';

COMMENT ON COLUMN public.rate_cards.confirmed_on IS 'The day the rates were last confirmed; pages show it, and advise asking the vendor when it is over 180 days old.';

COMMENT ON COLUMN public.rate_cards.updated_by IS 'Who last stored the card: an operator''s email, "business <email>", "import" or "sample data".';

CREATE TABLE public.reviews (
    id bigint NOT NULL,
    lead_id bigint NOT NULL,
    vendor_id bigint NOT NULL,
    stars smallint NOT NULL,
    body text,
    author text NOT NULL,
    machine text NOT NULL,
    requested_at timestamp with time zone NOT NULL,
    status text DEFAULT 'pending'::text NOT NULL,
    held_reason text,
    reject_reason text,
    reply text,
    replied_at timestamp with time zone,
    reported_at timestamp with time zone,
    report_reason text,
    published_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT reviews_author_check CHECK (((length(author) >= 1) AND (length(author) <= 40))),
    CONSTRAINT reviews_body_check CHECK ((length(body) <= 2000)),
    CONSTRAINT reviews_held_reason_check CHECK ((length(held_reason) <= 200)),
    CONSTRAINT reviews_machine_check CHECK ((machine = ANY (ARRAY['wheeled'::text, 'tracked'::text]))),
    CONSTRAINT reviews_reject_reason_check CHECK ((length(reject_reason) <= 500)),
    CONSTRAINT reviews_reply_check CHECK (((length(reply) >= 1) AND (length(reply) <= 2000))),
    CONSTRAINT reviews_report_reason_check CHECK ((length(report_reason) <= 500)),
    CONSTRAINT reviews_stars_check CHECK (((stars >= 1) AND (stars <= 5))),
    CONSTRAINT reviews_status_check CHECK ((status = ANY (ARRAY['pending'::text, 'published'::text, 'rejected'::text])))
);

COMMENT ON TABLE public.reviews IS 'Renters'' reviews of vendors that received their request, one per request and vendor; each waits for the operator to publish or reject it, and the public reads published ones, their public columns only.';

COMMENT ON COLUMN public.reviews.vendor_id IS 'The vendor reviewed; with lead_id it is a foreign key to lead_recipients, so only a vendor that received the request can be reviewed for it.';

COMMENT ON COLUMN public.reviews.author IS 'The renter''s first name and initial, as the review shows them (reviewer_name).';

COMMENT ON COLUMN public.reviews.machine IS 'The machine the request asked for (wheeled or tracked), copied from it.';

COMMENT ON COLUMN public.reviews.requested_at IS 'When the reviewed request was sent, copied from its completed_at.';

COMMENT ON COLUMN public.reviews.status IS 'pending (waiting for the operator, again after an edit), published or rejected.';

COMMENT ON COLUMN public.reviews.held_reason IS 'Why the text needs a closer look (a link, contact details, text found in other reviews), shown to the operator; null when nothing was found.';

COMMENT ON COLUMN public.reviews.reject_reason IS 'The operator''s reason for rejecting the review.';

COMMENT ON COLUMN public.reviews.reply IS 'The business''s one public reply, which it may edit.';

COMMENT ON COLUMN public.reviews.replied_at IS 'When the reply was last set.';

COMMENT ON COLUMN public.reviews.reported_at IS 'When the business reported the published review to the operator; cleared when the operator decides.';

COMMENT ON COLUMN public.reviews.report_reason IS 'The business''s reason for reporting the review.';

COMMENT ON COLUMN public.reviews.published_at IS 'When the operator published the review; null while it is pending (an edit clears it) or rejected.';

ALTER TABLE public.reviews ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.reviews_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

CREATE TABLE public.sessions (
    token_hash text NOT NULL,
    role text NOT NULL,
    subject text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    expires_at timestamp with time zone NOT NULL,
    CONSTRAINT sessions_role_check CHECK ((role ~ '^[a-z_]{2,30}$'::text)),
    CONSTRAINT sessions_subject_check CHECK (((length(subject) >= 1) AND (length(subject) <= 320))),
    CONSTRAINT sessions_token_hash_check CHECK ((token_hash ~ '^[0-9a-f]{64}$'::text))
);

COMMENT ON TABLE public.sessions IS 'The signed-in sessions of every role: a cookie holds a random token and this table its SHA-256, the role and who.';

COMMENT ON COLUMN public.sessions.token_hash IS 'The SHA-256 (hex) of the session cookie''s token; the token itself is never stored.';

COMMENT ON COLUMN public.sessions.role IS 'The role the session signs in: operator or business.';

COMMENT ON COLUMN public.sessions.subject IS 'Who is signed in: the operator''s or the business manager''s email address.';

COMMENT ON COLUMN public.sessions.expires_at IS 'When the session ends (12 hours for an operator, 30 days for a business); the retention job deletes it some days after.';

CREATE VIEW public.sitemap_entries WITH (security_invoker='true') AS
 SELECT 1 AS kind,
    ('/'::text || co.slug) AS path,
    NULL::timestamp with time zone AS updated_at,
    co.id AS key
   FROM public.countries co
UNION ALL
 SELECT 2 AS kind,
    ((('/'::text || co.slug) || '/'::text) || st.slug) AS path,
    NULL::timestamp with time zone AS updated_at,
    st.id AS key
   FROM (public.states st
     LEFT JOIN public.countries co ON ((co.id = st.country_id)))
  WHERE (st.vendor_count > 0)
UNION ALL
 SELECT 3 AS kind,
    ((((('/'::text || co.slug) || '/'::text) || st.slug) || '/'::text) || c.slug) AS path,
    NULL::timestamp with time zone AS updated_at,
    c.id AS key
   FROM ((public.cities c
     LEFT JOIN public.states st ON ((st.id = c.state_id)))
     LEFT JOIN public.countries co ON ((co.id = st.country_id)))
  WHERE (c.vendor_count > 0)
UNION ALL
 SELECT 4 AS kind,
    ((((((('/'::text || co.slug) || '/'::text) || st.slug) || '/'::text) || c.slug) || '/'::text) || v.slug) AS path,
    v.updated_at,
    v.id AS key
   FROM ((((public.vendors v
     LEFT JOIN public.postcodes p ON ((p.id = v.postcode_id)))
     LEFT JOIN public.cities c ON ((c.id = p.city_id)))
     LEFT JOIN public.states st ON ((st.id = c.state_id)))
     LEFT JOIN public.countries co ON ((co.id = st.country_id)))
  WHERE (v.postcode_id IS NOT NULL)
UNION ALL
 SELECT 5 AS kind,
    ((('/us/skidsteers/'::text || f.slug) || '/'::text) || m.slug) AS path,
    NULL::timestamp with time zone AS updated_at,
    m.id AS key
   FROM (public.equipment_models m
     JOIN public.equipment_manufacturer f ON ((f.id = m.manufacturer_id)))
UNION ALL
 SELECT 6 AS kind,
    ('/articles/'::text || a.slug) AS path,
    a.published_at AS updated_at,
    a.id AS key
   FROM public.articles a;

COMMENT ON VIEW public.sitemap_entries IS 'Every public path for the sitemaps, by kind (1 country, 2 state, 3 city, 4 vendor, 5 model, 6 article) and key (its row''s id), read in (kind, key) order by keyset.';

CREATE TABLE public.skidsteer_config (
    id integer DEFAULT 1 NOT NULL,
    hero_h1_headline text NOT NULL,
    hero_h2_subtitle1 text,
    hero_h2_subtitle2 text,
    seo_body_text text,
    CONSTRAINT skidsteer_config_id_check CHECK ((id = 1))
);

COMMENT ON TABLE public.skidsteer_config IS 'The site''s default page copy in its one row (id 1): the hero used where hero_config has none, and the body text of the country page and of state pages without their own.';

COMMENT ON COLUMN public.skidsteer_config.id IS 'Always 1: the table holds one row.';

COMMENT ON COLUMN public.skidsteer_config.hero_h1_headline IS 'The default hero H1, with the same "{location}" token as hero_config''s.';

COMMENT ON COLUMN public.skidsteer_config.hero_h2_subtitle1 IS 'The default first line under the headline.';

COMMENT ON COLUMN public.skidsteer_config.hero_h2_subtitle2 IS 'The default second line under the headline.';

COMMENT ON COLUMN public.skidsteer_config.seo_body_text IS 'The body text of the country page, and of a state page that has no state_seo_config row.';

CREATE TABLE public.state_seo_config (
    state_slug text NOT NULL,
    seo_body_text text NOT NULL
);

COMMENT ON TABLE public.state_seo_config IS 'A state page''s own body text, replacing skidsteer_config''s default.';

COMMENT ON COLUMN public.state_seo_config.state_slug IS 'The slug of the state the text is for (states.slug; not a foreign key).';

COMMENT ON COLUMN public.state_seo_config.seo_body_text IS 'The state page''s body text, split into paragraphs on blank lines.';

ALTER TABLE public.states ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.states_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

CREATE VIEW public.states_with_vendors WITH (security_invoker='true') AS
 SELECT st.id AS state_id,
    st.name AS state_name,
    st.slug AS state_slug,
    st.vendor_count,
    st.featured,
    st.country_id
   FROM public.states st
  WHERE (st.vendor_count > 0);

COMMENT ON VIEW public.states_with_vendors IS 'The states with at least one listed vendor, with their vendor_count.';

CREATE TABLE public.vendor_change_requests (
    id bigint NOT NULL,
    vendor_id bigint NOT NULL,
    email text NOT NULL,
    changes jsonb NOT NULL,
    status text DEFAULT 'new'::text NOT NULL,
    review_reason text,
    reviewed_by text,
    reviewed_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT vendor_change_requests_status_check CHECK ((status = ANY (ARRAY['new'::text, 'approved'::text, 'rejected'::text])))
);

COMMENT ON TABLE public.vendor_change_requests IS 'A business''s change of its listing''s name or website, which waits for the operator; a newer request rejects the one still waiting.';

COMMENT ON COLUMN public.vendor_change_requests.email IS 'The address of the manager who asked.';

COMMENT ON COLUMN public.vendor_change_requests.changes IS 'The fields asked for: {name} and/or {site}, the site already normalized.';

COMMENT ON COLUMN public.vendor_change_requests.status IS 'new (waiting for the operator), approved or rejected.';

COMMENT ON COLUMN public.vendor_change_requests.review_reason IS 'The operator''s reason, or "replaced by a newer request".';

COMMENT ON COLUMN public.vendor_change_requests.reviewed_by IS 'The email of the operator who decided; null when a newer request replaced it.';

COMMENT ON COLUMN public.vendor_change_requests.reviewed_at IS 'When it was decided or replaced.';

ALTER TABLE public.vendor_change_requests ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.vendor_change_requests_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

CREATE TABLE public.vendor_claims (
    id bigint NOT NULL,
    vendor_id bigint NOT NULL,
    email text NOT NULL,
    name text NOT NULL,
    phone text,
    note text,
    status text DEFAULT 'new'::text NOT NULL,
    review_reason text,
    reviewed_by text,
    reviewed_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT vendor_claims_email_check CHECK (((email = lower(email)) AND public.is_email_address(email))),
    CONSTRAINT vendor_claims_name_check CHECK (((length(name) >= 2) AND (length(name) <= 200))),
    CONSTRAINT vendor_claims_note_check CHECK ((length(note) <= 2000)),
    CONSTRAINT vendor_claims_phone_check CHECK ((length(phone) <= 30)),
    CONSTRAINT vendor_claims_status_check CHECK ((status = ANY (ARRAY['new'::text, 'approved'::text, 'rejected'::text])))
);

COMMENT ON TABLE public.vendor_claims IS 'Claims of listings waiting for (or decided by) the operator: those from an address that is neither the listing''s email nor at its website''s domain, or made after someone already owns it.';

COMMENT ON COLUMN public.vendor_claims.email IS 'The claimant''s email address, in lower case.';

COMMENT ON COLUMN public.vendor_claims.name IS 'The claimant''s name.';

COMMENT ON COLUMN public.vendor_claims.phone IS 'The claimant''s phone number, when given.';

COMMENT ON COLUMN public.vendor_claims.note IS 'The claimant''s note to the operator.';

COMMENT ON COLUMN public.vendor_claims.status IS 'new (waiting for the operator), approved or rejected.';

COMMENT ON COLUMN public.vendor_claims.review_reason IS 'The operator''s reason for the decision, when given.';

COMMENT ON COLUMN public.vendor_claims.reviewed_by IS 'The email of the operator who decided.';

COMMENT ON COLUMN public.vendor_claims.reviewed_at IS 'When the operator decided.';

ALTER TABLE public.vendor_claims ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.vendor_claims_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

CREATE TABLE public.vendor_managers (
    vendor_id bigint NOT NULL,
    email text NOT NULL,
    role text NOT NULL,
    added_by text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT vendor_managers_email_check CHECK (((email = lower(email)) AND public.is_email_address(email))),
    CONSTRAINT vendor_managers_role_check CHECK ((role = ANY (ARRAY['owner'::text, 'colleague'::text])))
);

COMMENT ON TABLE public.vendor_managers IS 'The people who manage a listing: its owner and the colleagues added since; a business session signs in an email and may manage what this table says, read on every request.';

COMMENT ON COLUMN public.vendor_managers.email IS 'The person''s email address, in lower case, with which they sign in.';

COMMENT ON COLUMN public.vendor_managers.role IS 'owner (at most one per listing, who claimed it) or colleague.';

COMMENT ON COLUMN public.vendor_managers.added_by IS 'Who added the person: "submission", "claim link", the operator''s email (an approved claim) or the owner''s email (a colleague).';

CREATE TABLE public.vendors_additionaldetails (
    vendor_id bigint NOT NULL,
    description text
);

COMMENT ON TABLE public.vendors_additionaldetails IS 'Optional copy of a vendor''s page, one row per vendor.';

COMMENT ON COLUMN public.vendors_additionaldetails.description IS 'The listing''s description as the operator, the business or an import wrote it, split into paragraphs on blank lines.';

CREATE TABLE public.vendors_serviced (
    vendor_id bigint NOT NULL,
    postcode_id bigint NOT NULL
);

COMMENT ON TABLE public.vendors_serviced IS 'The ZIP codes each vendor serves (its service area): requests for a job in one of them go to it first, and it counts in their cities.';

CREATE VIEW public.vendors_by_state WITH (security_invoker='true') AS
 SELECT DISTINCT v.id,
    v.name,
    v.slug,
    v.site,
    v.phone,
    v.full_address,
    v.street,
    v.rating,
    v.photo,
    v.postcode_id,
    st.id AS served_state_id,
    st.name AS served_state_name,
    st.slug AS served_state_slug
   FROM ((((public.vendors_serviced s
     JOIN public.vendors v ON ((v.id = s.vendor_id)))
     JOIN public.postcodes p ON ((p.id = s.postcode_id)))
     JOIN public.cities c ON ((c.id = p.city_id)))
     JOIN public.states st ON ((st.id = c.state_id)));

COMMENT ON VIEW public.vendors_by_state IS 'Each vendor once per state in which it serves a ZIP code, with its details.';

ALTER TABLE public.vendors ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.vendors_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

CREATE VIEW public.vendors_servicedenhanced WITH (security_invoker='true') AS
 SELECT v.id AS vendor_id,
    v.name AS vendor_name,
    v.slug AS vendor_slug,
    v.phone,
    v.full_address,
    v.photo,
    s.postcode_id AS served_postcode_id
   FROM (public.vendors_serviced s
     JOIN public.vendors v ON ((v.id = s.vendor_id)));

COMMENT ON VIEW public.vendors_servicedenhanced IS 'Each vendor once per ZIP code it serves, with the details its card shows; readable by visitors, who see listed vendors only.';

CREATE TABLE public.vendors_submissions (
    id bigint NOT NULL,
    name text NOT NULL,
    name_for_emails text NOT NULL,
    site text NOT NULL,
    phone text NOT NULL,
    full_address text NOT NULL,
    street text NOT NULL,
    city text NOT NULL,
    postal_code text NOT NULL,
    state text NOT NULL,
    cid text NOT NULL,
    client_key text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    email text,
    status text DEFAULT 'new'::text NOT NULL,
    review_reason text,
    reviewed_at timestamp with time zone,
    reviewed_by text,
    vendor_id bigint,
    website_key text GENERATED ALWAYS AS (public.website_key(site)) STORED,
    CONSTRAINT vendors_submissions_email_check CHECK (((email IS NULL) OR public.is_email_address(email))),
    CONSTRAINT vendors_submissions_postal_code_format CHECK ((postal_code ~ '^[0-9]{5}(-[0-9]{4})?$'::text)),
    CONSTRAINT vendors_submissions_site_normalized CHECK ((site = public.normalize_website(site))),
    CONSTRAINT vendors_submissions_status_check CHECK ((status = ANY (ARRAY['new'::text, 'approved'::text, 'rejected'::text, 'duplicate'::text])))
);

COMMENT ON TABLE public.vendors_submissions IS 'Businesses submitted through the public form, each waiting for the operator to approve it as a listing, reject it or mark it a duplicate.';

COMMENT ON COLUMN public.vendors_submissions.name_for_emails IS 'The name without punctuation ("&" as "and"), for an email''s display name (name_for_emails); given in the reporting API.';

COMMENT ON COLUMN public.vendors_submissions.site IS 'The website as submitted, normalized like vendors.site by the same trigger.';

COMMENT ON COLUMN public.vendors_submissions.full_address IS 'The address as typed in the form.';

COMMENT ON COLUMN public.vendors_submissions.street IS 'The address as typed in the form (the same text as full_address).';

COMMENT ON COLUMN public.vendors_submissions.city IS 'The slug of the city chosen in the form (cities.slug of the chosen state).';

COMMENT ON COLUMN public.vendors_submissions.postal_code IS 'The ZIP code as typed: 5 digits, or ZIP+4.';

COMMENT ON COLUMN public.vendors_submissions.state IS 'The slug of the state chosen in the form (states.slug).';

COMMENT ON COLUMN public.vendors_submissions.cid IS 'The submission''s id in the reporting API: "SUB" and the SHA-256 (hex) of the website as typed (trimmed, before normalizing), unique so the same website text is submitted once.';

COMMENT ON COLUMN public.vendors_submissions.client_key IS 'The keyed hash of the submitter''s network address, the abuse limits'' key.';

COMMENT ON COLUMN public.vendors_submissions.email IS 'The business''s email address, when given: on approval it becomes the listing''s owner and is told the listing is live.';

COMMENT ON COLUMN public.vendors_submissions.status IS 'new (waiting for the operator), approved, rejected or duplicate.';

COMMENT ON COLUMN public.vendors_submissions.review_reason IS 'The operator''s reason for a rejection or duplicate.';

COMMENT ON COLUMN public.vendors_submissions.reviewed_at IS 'When the operator decided.';

COMMENT ON COLUMN public.vendors_submissions.reviewed_by IS 'The email of the operator who decided.';

COMMENT ON COLUMN public.vendors_submissions.vendor_id IS 'The listing made from the submission when it was approved.';

COMMENT ON COLUMN public.vendors_submissions.website_key IS 'The website as duplicates are compared, generated from site; the console shows listings and submissions that share it.';

ALTER TABLE public.vendors_submissions ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.vendors_submissions_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

CREATE TABLE public.write_attempts (
    id bigint NOT NULL,
    kind text NOT NULL,
    client_key text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT write_attempts_kind_check CHECK ((kind ~ '^[a-z_]{2,40}$'::text))
);

COMMENT ON TABLE public.write_attempts IS 'The abuse limits'' counts: one row per attempt of a kind of write by one client, counted within a window by count_write_attempt.';

COMMENT ON COLUMN public.write_attempts.kind IS 'The write limited: lead, submission, claim, review, sign_in (per client) or sign_in_email (per address).';

COMMENT ON COLUMN public.write_attempts.client_key IS 'Whose attempt: the keyed hash of the client''s network address, or "email-" and the MD5 of the address for sign_in_email.';

ALTER TABLE public.write_attempts ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.write_attempts_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE ONLY private.city_vendors
    ADD CONSTRAINT city_vendors_pkey PRIMARY KEY (city_id, vendor_id);

ALTER TABLE ONLY private.lead_transitions
    ADD CONSTRAINT lead_transitions_pkey PRIMARY KEY (action, from_state);

ALTER TABLE ONLY private.review_totals
    ADD CONSTRAINT review_totals_pkey PRIMARY KEY (only_row);

ALTER TABLE ONLY public.articles
    ADD CONSTRAINT articles_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.articles
    ADD CONSTRAINT articles_slug_key UNIQUE (slug);

ALTER TABLE ONLY public.auth_links
    ADD CONSTRAINT auth_links_pkey PRIMARY KEY (token_hash);

ALTER TABLE ONLY public.auth_throttle
    ADD CONSTRAINT auth_throttle_pkey PRIMARY KEY (key);

ALTER TABLE ONLY public.bookings
    ADD CONSTRAINT bookings_pkey PRIMARY KEY (lead_id);

ALTER TABLE ONLY public.bookings
    ADD CONSTRAINT bookings_quote_id_key UNIQUE (quote_id);

ALTER TABLE ONLY public.cities_additionaldetails
    ADD CONSTRAINT cities_additionaldetails_pkey PRIMARY KEY (city_id);

ALTER TABLE ONLY public.cities
    ADD CONSTRAINT cities_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.cities
    ADD CONSTRAINT cities_state_id_slug_key UNIQUE (state_id, slug);

ALTER TABLE ONLY public.countries
    ADD CONSTRAINT countries_code_key UNIQUE (code);

ALTER TABLE ONLY public.countries
    ADD CONSTRAINT countries_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.countries
    ADD CONSTRAINT countries_slug_key UNIQUE (slug);

ALTER TABLE ONLY public.equipment_manufacturer
    ADD CONSTRAINT equipment_manufacturer_name_key UNIQUE (name);

ALTER TABLE ONLY public.equipment_manufacturer
    ADD CONSTRAINT equipment_manufacturer_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.equipment_manufacturer
    ADD CONSTRAINT equipment_manufacturer_slug_key UNIQUE (slug);

ALTER TABLE ONLY public.equipment_models
    ADD CONSTRAINT equipment_models_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.equipment_models
    ADD CONSTRAINT equipment_models_slug_key UNIQUE (slug);

ALTER TABLE ONLY public.equipment_type
    ADD CONSTRAINT equipment_type_name_key UNIQUE (name);

ALTER TABLE ONLY public.equipment_type
    ADD CONSTRAINT equipment_type_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.equipment_type
    ADD CONSTRAINT equipment_type_slug_key UNIQUE (slug);

ALTER TABLE ONLY public.hero_config
    ADD CONSTRAINT hero_config_pkey PRIMARY KEY (page_type);

ALTER TABLE ONLY public.lead_consents
    ADD CONSTRAINT lead_consents_pkey PRIMARY KEY (lead_id);

ALTER TABLE ONLY public.outbox_attempts
    ADD CONSTRAINT lead_message_attempts_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.outbox_messages
    ADD CONSTRAINT lead_messages_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.lead_recipients
    ADD CONSTRAINT lead_recipients_pkey PRIMARY KEY (lead_id, vendor_id);

ALTER TABLE ONLY public.leads
    ADD CONSTRAINT leads_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.models_skidsteers
    ADD CONSTRAINT models_skidsteers_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.operator_audit
    ADD CONSTRAINT operator_audit_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.operators
    ADD CONSTRAINT operators_email_key UNIQUE (email);

ALTER TABLE ONLY public.operators
    ADD CONSTRAINT operators_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.postcodes
    ADD CONSTRAINT postcodes_code_key UNIQUE (code);

ALTER TABLE ONLY public.postcodes
    ADD CONSTRAINT postcodes_pkey PRIMARY KEY (id);

ALTER TABLE public.quotes
    ADD CONSTRAINT quotes_lines_check CHECK (((jsonb_typeof(lines) = 'array'::text) AND ((jsonb_array_length(lines) >= 1) AND (jsonb_array_length(lines) <= 8)))) NOT VALID;

ALTER TABLE ONLY public.quotes
    ADD CONSTRAINT quotes_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.rate_card_classes
    ADD CONSTRAINT rate_card_classes_pkey PRIMARY KEY (vendor_id, class);

ALTER TABLE ONLY public.rate_card_fees
    ADD CONSTRAINT rate_card_fees_pkey PRIMARY KEY (vendor_id, "position");

ALTER TABLE ONLY public.rate_cards
    ADD CONSTRAINT rate_cards_pkey PRIMARY KEY (vendor_id);

ALTER TABLE ONLY public.reviews
    ADD CONSTRAINT reviews_lead_id_vendor_id_key UNIQUE (lead_id, vendor_id);

ALTER TABLE ONLY public.reviews
    ADD CONSTRAINT reviews_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.sessions
    ADD CONSTRAINT sessions_pkey PRIMARY KEY (token_hash);

ALTER TABLE ONLY public.skidsteer_config
    ADD CONSTRAINT skidsteer_config_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.state_seo_config
    ADD CONSTRAINT state_seo_config_pkey PRIMARY KEY (state_slug);

ALTER TABLE ONLY public.states
    ADD CONSTRAINT states_country_id_slug_key UNIQUE (country_id, slug);

ALTER TABLE ONLY public.states
    ADD CONSTRAINT states_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.vendor_change_requests
    ADD CONSTRAINT vendor_change_requests_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.vendor_claims
    ADD CONSTRAINT vendor_claims_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.vendor_managers
    ADD CONSTRAINT vendor_managers_pkey PRIMARY KEY (vendor_id, email);

ALTER TABLE ONLY public.vendors_additionaldetails
    ADD CONSTRAINT vendors_additionaldetails_pkey PRIMARY KEY (vendor_id);

ALTER TABLE ONLY public.vendors
    ADD CONSTRAINT vendors_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.vendors_serviced
    ADD CONSTRAINT vendors_serviced_pkey PRIMARY KEY (vendor_id, postcode_id);

ALTER TABLE ONLY public.vendors
    ADD CONSTRAINT vendors_slug_key UNIQUE (slug);

ALTER TABLE ONLY public.vendors_submissions
    ADD CONSTRAINT vendors_submissions_cid_key UNIQUE (cid);

ALTER TABLE ONLY public.vendors_submissions
    ADD CONSTRAINT vendors_submissions_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.write_attempts
    ADD CONSTRAINT write_attempts_pkey PRIMARY KEY (id);

CREATE INDEX city_vendors_vendor_id_idx ON private.city_vendors USING btree (vendor_id);

CREATE INDEX articles_published_at_idx ON public.articles USING btree (published_at DESC);

CREATE INDEX auth_links_expires_at_idx ON public.auth_links USING btree (expires_at);

CREATE INDEX auth_links_lead_idx ON public.auth_links USING btree (lead_id) WHERE (lead_id IS NOT NULL);

CREATE INDEX auth_links_vendor_idx ON public.auth_links USING btree (vendor_id) WHERE (vendor_id IS NOT NULL);

CREATE INDEX auth_throttle_last_failure_idx ON public.auth_throttle USING btree (last_failure_at);

CREATE INDEX bookings_vendor_idx ON public.bookings USING btree (vendor_id, booked_at DESC);

CREATE INDEX cities_latitude_longitude_idx ON public.cities USING btree (latitude, longitude);

COMMENT ON INDEX public.cities_latitude_longitude_idx IS 'The cities in a box around a job site, for lead routing.';

CREATE INDEX cities_name_trgm_idx ON public.cities USING gin (name extensions.gin_trgm_ops);

CREATE INDEX cities_state_id_idx ON public.cities USING btree (state_id);

CREATE INDEX cities_with_vendors_idx ON public.cities USING btree (state_id) WHERE (vendor_count > 0);

CREATE INDEX equipment_models_manufacturer_id_idx ON public.equipment_models USING btree (manufacturer_id);

CREATE INDEX equipment_models_type_id_idx ON public.equipment_models USING btree (type_id);

CREATE INDEX lead_message_attempts_message_id_idx ON public.outbox_attempts USING btree (message_id);

CREATE INDEX lead_messages_due_idx ON public.outbox_messages USING btree (next_attempt_at) WHERE (status = ANY (ARRAY['pending'::text, 'sending'::text]));

CREATE INDEX lead_recipients_vendor_answers_idx ON public.lead_recipients USING btree (vendor_id, responded_at) INCLUDE (emailed_at) WHERE (responded_at IS NOT NULL);

COMMENT ON INDEX public.lead_recipients_vendor_answers_idx IS 'A vendor''s answers with their email times, from which its response time is computed.';

CREATE INDEX lead_recipients_vendor_newest_idx ON public.lead_recipients USING btree (vendor_id, completed_at DESC, lead_id DESC) INCLUDE (spam);

COMMENT ON INDEX public.lead_recipients_vendor_newest_idx IS 'A listing''s requests newest first, with their spam mark, read and counted without the requests.';

CREATE INDEX leads_booked_newest_idx ON public.leads USING btree (completed_at DESC, id DESC) INCLUDE (spam) WHERE (completed AND (state = 'booked'::text));

CREATE INDEX leads_completed_newest_idx ON public.leads USING btree (completed_at DESC, id DESC) WHERE completed;

CREATE INDEX leads_drafts_by_change_idx ON public.leads USING btree (updated_at) WHERE (NOT completed);

COMMENT ON INDEX public.leads_drafts_by_change_idx IS 'Drafts by last change, for the retention job''s deletion of old drafts.';

CREATE INDEX leads_location_newest_idx ON public.leads USING btree (location, completed_at DESC, id DESC) WHERE completed;

CREATE INDEX leads_no_recipients_newest_idx ON public.leads USING btree (completed_at DESC, id DESC) INCLUDE (spam) WHERE (completed AND no_recipients);

CREATE INDEX leads_owner_idx ON public.leads USING btree (owner_token_hash);

CREATE INDEX leads_personal_by_completion_idx ON public.leads USING btree (completed_at) WHERE (completed AND (anonymized_at IS NULL));

COMMENT ON INDEX public.leads_personal_by_completion_idx IS 'Sent requests not yet erased, oldest first, for the retention job.';

CREATE INDEX leads_phone_digits_idx ON public.leads USING btree ("right"(regexp_replace(phone, '\D'::text, ''::text, 'g'::text), 10)) WHERE (phone <> ''::text);

COMMENT ON INDEX public.leads_phone_digits_idx IS 'A person''s requests by the last 10 digits of their phone, however it was typed (private.person_leads).';

CREATE INDEX leads_quoted_newest_idx ON public.leads USING btree (completed_at DESC, id DESC) INCLUDE (spam) WHERE (completed AND (quoted_at IS NOT NULL));

CREATE INDEX leads_renter_email_idx ON public.leads USING btree (renter_email) WHERE (renter_email IS NOT NULL);

CREATE INDEX leads_spam_newest_idx ON public.leads USING btree (completed_at DESC, id DESC) WHERE (completed AND spam);

CREATE INDEX leads_state_newest_idx ON public.leads USING btree (state_id, completed_at DESC, id DESC) WHERE completed;

CREATE INDEX leads_vendor_id_idx ON public.leads USING btree (vendor_id);

CREATE INDEX models_skidsteers_model_idx ON public.models_skidsteers USING btree ("Model");

CREATE INDEX operator_audit_at_idx ON public.operator_audit USING btree (at DESC, id DESC);

CREATE INDEX outbox_messages_failed_lead_idx ON public.outbox_messages USING btree (lead_id) WHERE (status = 'failed'::text);

CREATE INDEX outbox_messages_kept_failed_idx ON public.outbox_messages USING btree (created_at) WHERE ((status = 'failed'::text) AND ((payload <> '{}'::jsonb) OR (recipient IS NOT NULL)));

COMMENT ON INDEX public.outbox_messages_kept_failed_idx IS 'Failed messages that still hold contents, for the retention job.';

CREATE INDEX outbox_messages_kept_sent_idx ON public.outbox_messages USING btree (sent_at) WHERE ((status = 'sent'::text) AND ((payload <> '{}'::jsonb) OR (recipient IS NOT NULL)));

COMMENT ON INDEX public.outbox_messages_kept_sent_idx IS 'Sent messages that still hold contents, for the retention job.';

CREATE INDEX outbox_messages_link_emails_idx ON public.outbox_messages USING btree (created_at) WHERE ((kind = ANY (ARRAY['sign_in'::text, 'claim_link'::text])) AND (status = ANY (ARRAY['sent'::text, 'failed'::text])));

COMMENT ON INDEX public.outbox_messages_link_emails_idx IS 'Sign-in and claim link emails, which the retention job deletes a week after.';

CREATE UNIQUE INDEX outbox_messages_one_per_lead_recipient ON public.outbox_messages USING btree (lead_id, vendor_id, channel, kind, quote_id) NULLS NOT DISTINCT WHERE (lead_id IS NOT NULL);

COMMENT ON INDEX public.outbox_messages_one_per_lead_recipient IS 'One message of a kind per request, vendor, channel and quote, so that queuing it again cannot send it twice.';

CREATE INDEX outbox_messages_open_lead_idx ON public.outbox_messages USING btree (lead_id) WHERE (status = ANY (ARRAY['pending'::text, 'sending'::text]));

CREATE INDEX outbox_messages_review_idx ON public.outbox_messages USING btree (((payload ->> 'review_id'::text))) WHERE (kind = 'review_published'::text);

COMMENT ON INDEX public.outbox_messages_review_idx IS 'The "review published" emails of a review, which erasure empties.';

CREATE INDEX postcodes_city_id_idx ON public.postcodes USING btree (city_id);

CREATE INDEX quotes_lead_idx ON public.quotes USING btree (lead_id, vendor_id, revision DESC);

CREATE UNIQUE INDEX quotes_one_open_idx ON public.quotes USING btree (lead_id, vendor_id) WHERE (status = 'open'::text);

COMMENT ON INDEX public.quotes_one_open_idx IS 'At most one open quote per request and vendor.';

CREATE INDEX quotes_vendor_idx ON public.quotes USING btree (vendor_id, created_at DESC);

CREATE INDEX rate_card_classes_day_rate_idx ON public.rate_card_classes USING btree (vendor_id, day_rate);

COMMENT ON INDEX public.rate_card_classes_day_rate_idx IS 'A vendor''s lowest day rate, by which a city''s vendors are sorted by price.';

CREATE INDEX reviews_queue_idx ON public.reviews USING btree (status, created_at, id);

CREATE INDEX reviews_reported_idx ON public.reviews USING btree (created_at, id) WHERE ((status = 'published'::text) AND (reported_at IS NOT NULL));

CREATE INDEX reviews_vendor_published_idx ON public.reviews USING btree (vendor_id, published_at DESC, id DESC) WHERE (status = 'published'::text);

CREATE INDEX sessions_expires_at_idx ON public.sessions USING btree (expires_at);

CREATE INDEX sessions_role_subject_idx ON public.sessions USING btree (role, subject);

CREATE INDEX states_country_id_idx ON public.states USING btree (country_id);

CREATE INDEX states_slug_idx ON public.states USING btree (slug);

CREATE INDEX vendor_change_requests_status_idx ON public.vendor_change_requests USING btree (status, id DESC);

CREATE INDEX vendor_change_requests_vendor_idx ON public.vendor_change_requests USING btree (vendor_id);

CREATE INDEX vendor_claims_status_idx ON public.vendor_claims USING btree (status, id DESC);

CREATE INDEX vendor_claims_vendor_idx ON public.vendor_claims USING btree (vendor_id);

CREATE INDEX vendor_managers_email_idx ON public.vendor_managers USING btree (email);

CREATE UNIQUE INDEX vendor_managers_one_owner_idx ON public.vendor_managers USING btree (vendor_id) WHERE (role = 'owner'::text);

COMMENT ON INDEX public.vendor_managers_one_owner_idx IS 'At most one owner per listing.';

CREATE INDEX vendors_listed_idx ON public.vendors USING btree (id) WHERE ((postcode_id IS NOT NULL) AND (NOT hidden));

COMMENT ON INDEX public.vendors_listed_idx IS 'The listed vendors with a page, in key order, as the sitemaps read them.';

CREATE INDEX vendors_name_idx ON public.vendors USING btree (name, id);

CREATE INDEX vendors_paused_idx ON public.vendors USING btree (leads_paused_at DESC) WHERE (leads_paused_at IS NOT NULL);

CREATE INDEX vendors_postcode_id_idx ON public.vendors USING btree (postcode_id);

CREATE INDEX vendors_rating_idx ON public.vendors USING btree (rating DESC NULLS LAST, name);

CREATE INDEX vendors_search_text_trgm_idx ON public.vendors USING gin (search_text extensions.gin_trgm_ops);

CREATE INDEX vendors_serviced_postcode_id_idx ON public.vendors_serviced USING btree (postcode_id);

CREATE INDEX vendors_state_plain_idx ON public.vendors USING btree (state_id, name, id) WHERE ((NOT hidden) AND (review_count = 0));

COMMENT ON INDEX public.vendors_state_plain_idx IS 'A state''s listed vendors without reviews, by name, as its page ranks them.';

CREATE INDEX vendors_state_responding_idx ON public.vendors USING btree (state_id, last_responded_at) WHERE ((NOT hidden) AND (response_hours IS NOT NULL));

COMMENT ON INDEX public.vendors_state_responding_idx IS 'A state''s listed vendors with a response time, which its page ranks first while recent.';

CREATE INDEX vendors_state_reviewed_idx ON public.vendors USING btree (state_id) WHERE ((NOT hidden) AND (review_count > 0));

COMMENT ON INDEX public.vendors_state_reviewed_idx IS 'A state''s listed vendors with published reviews, which its page ranks first.';

CREATE INDEX vendors_submissions_status_idx ON public.vendors_submissions USING btree (status, id DESC);

CREATE INDEX vendors_submissions_vendor_idx ON public.vendors_submissions USING btree (vendor_id) WHERE (vendor_id IS NOT NULL);

CREATE INDEX vendors_submissions_website_key_idx ON public.vendors_submissions USING btree (website_key);

CREATE INDEX vendors_website_key_idx ON public.vendors USING btree (website_key);

CREATE INDEX write_attempts_client_idx ON public.write_attempts USING btree (client_key);

CREATE INDEX write_attempts_created_idx ON public.write_attempts USING btree (created_at);

CREATE INDEX write_attempts_lookup_idx ON public.write_attempts USING btree (kind, client_key, created_at);

CREATE CONSTRAINT TRIGGER bookings_agree_with_request AFTER INSERT OR UPDATE OF status ON public.bookings DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION private.lead_booking_agrees();

CREATE TRIGGER bookings_not_after_erasure BEFORE INSERT ON public.bookings FOR EACH ROW EXECUTE FUNCTION private.refuse_after_erasure();

CREATE TRIGGER lead_consents_not_after_erasure BEFORE INSERT ON public.lead_consents FOR EACH ROW EXECUTE FUNCTION private.refuse_after_erasure();

CREATE TRIGGER lead_recipients_answer_changed AFTER UPDATE ON public.lead_recipients REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.vendor_response_stats();

CREATE TRIGGER lead_recipients_answered AFTER INSERT ON public.lead_recipients REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.vendor_response_stats();

CREATE TRIGGER lead_recipients_not_after_erasure BEFORE INSERT ON public.lead_recipients FOR EACH ROW EXECUTE FUNCTION private.refuse_after_erasure();

CREATE TRIGGER lead_recipients_request_copies BEFORE INSERT ON public.lead_recipients FOR EACH ROW EXECUTE FUNCTION private.recipient_request_copies();

CREATE CONSTRAINT TRIGGER leads_booking_agrees AFTER INSERT OR UPDATE OF state ON public.leads DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION private.lead_booking_agrees();

CREATE TRIGGER leads_spam_to_recipients AFTER UPDATE OF spam ON public.leads FOR EACH ROW WHEN ((old.spam IS DISTINCT FROM new.spam)) EXECUTE FUNCTION private.lead_spam_to_recipients();

CREATE TRIGGER leads_state_id BEFORE INSERT OR UPDATE OF location ON public.leads FOR EACH ROW EXECUTE FUNCTION private.lead_state_id();

CREATE TRIGGER leads_state_moves BEFORE INSERT OR UPDATE OF state ON public.leads FOR EACH ROW EXECUTE FUNCTION private.lead_state_guard();

CREATE TRIGGER outbox_messages_not_after_erasure BEFORE INSERT ON public.outbox_messages FOR EACH ROW WHEN ((new.lead_id IS NOT NULL)) EXECUTE FUNCTION private.refuse_after_erasure();

CREATE TRIGGER outbox_messages_recipient_emailed AFTER INSERT ON public.outbox_messages REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.recipient_emailed_at();

CREATE TRIGGER outbox_messages_recipient_emailed_update AFTER UPDATE ON public.outbox_messages REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.recipient_emailed_at();

CREATE TRIGGER quotes_not_after_erasure BEFORE INSERT ON public.quotes FOR EACH ROW EXECUTE FUNCTION private.refuse_after_erasure();

CREATE TRIGGER quotes_quoted_at AFTER INSERT ON public.quotes REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.lead_quoted_at();

CREATE TRIGGER reviews_counts AFTER INSERT OR DELETE OR UPDATE OF status, stars ON public.reviews FOR EACH ROW EXECUTE FUNCTION private.review_counts();

CREATE TRIGGER reviews_not_after_erasure BEFORE INSERT ON public.reviews FOR EACH ROW EXECUTE FUNCTION private.refuse_after_erasure();

CREATE TRIGGER vendors_counts_added AFTER INSERT ON public.vendors REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.vendor_counts();

CREATE TRIGGER vendors_counts_changed AFTER UPDATE ON public.vendors REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.vendor_counts();

CREATE TRIGGER vendors_counts_removed BEFORE DELETE ON public.vendors FOR EACH ROW EXECUTE FUNCTION private.vendor_counts();

CREATE TRIGGER vendors_normalize_site BEFORE INSERT OR UPDATE OF site ON public.vendors FOR EACH ROW EXECUTE FUNCTION public.normalize_site_column();

CREATE TRIGGER vendors_search_text BEFORE INSERT OR UPDATE OF name, site, postcode_id ON public.vendors FOR EACH ROW EXECUTE FUNCTION private.vendor_search_text();

CREATE TRIGGER vendors_serviced_added AFTER INSERT ON public.vendors_serviced REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.serviced_counts();

CREATE TRIGGER vendors_serviced_changed AFTER UPDATE ON public.vendors_serviced REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.serviced_counts();

CREATE TRIGGER vendors_serviced_removed AFTER DELETE ON public.vendors_serviced REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION private.serviced_counts();

CREATE TRIGGER vendors_state_id BEFORE INSERT OR UPDATE OF postcode_id ON public.vendors FOR EACH ROW EXECUTE FUNCTION private.vendor_state_id();

CREATE TRIGGER vendors_submissions_normalize_site BEFORE INSERT OR UPDATE OF site ON public.vendors_submissions FOR EACH ROW EXECUTE FUNCTION public.normalize_site_column();

ALTER TABLE ONLY private.city_vendors
    ADD CONSTRAINT city_vendors_city_id_fkey FOREIGN KEY (city_id) REFERENCES public.cities(id);

ALTER TABLE ONLY public.auth_links
    ADD CONSTRAINT auth_links_lead_id_fkey FOREIGN KEY (lead_id) REFERENCES public.leads(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.auth_links
    ADD CONSTRAINT auth_links_vendor_id_fkey FOREIGN KEY (vendor_id) REFERENCES public.vendors(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.bookings
    ADD CONSTRAINT bookings_lead_id_fkey FOREIGN KEY (lead_id) REFERENCES public.leads(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.bookings
    ADD CONSTRAINT bookings_quote_id_fkey FOREIGN KEY (quote_id) REFERENCES public.quotes(id);

ALTER TABLE ONLY public.bookings
    ADD CONSTRAINT bookings_vendor_id_fkey FOREIGN KEY (vendor_id) REFERENCES public.vendors(id);

ALTER TABLE ONLY public.cities_additionaldetails
    ADD CONSTRAINT cities_additionaldetails_city_id_fkey FOREIGN KEY (city_id) REFERENCES public.cities(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.cities
    ADD CONSTRAINT cities_state_id_fkey FOREIGN KEY (state_id) REFERENCES public.states(id);

ALTER TABLE ONLY public.equipment_models
    ADD CONSTRAINT equipment_models_manufacturer_id_fkey FOREIGN KEY (manufacturer_id) REFERENCES public.equipment_manufacturer(id);

ALTER TABLE ONLY public.equipment_models
    ADD CONSTRAINT equipment_models_type_id_fkey FOREIGN KEY (type_id) REFERENCES public.equipment_type(id);

ALTER TABLE ONLY public.lead_consents
    ADD CONSTRAINT lead_consents_lead_id_fkey FOREIGN KEY (lead_id) REFERENCES public.leads(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.outbox_attempts
    ADD CONSTRAINT lead_message_attempts_message_id_fkey FOREIGN KEY (message_id) REFERENCES public.outbox_messages(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.outbox_messages
    ADD CONSTRAINT lead_messages_lead_id_fkey FOREIGN KEY (lead_id) REFERENCES public.leads(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.outbox_messages
    ADD CONSTRAINT lead_messages_vendor_id_fkey FOREIGN KEY (vendor_id) REFERENCES public.vendors(id);

ALTER TABLE ONLY public.lead_recipients
    ADD CONSTRAINT lead_recipients_lead_id_fkey FOREIGN KEY (lead_id) REFERENCES public.leads(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.lead_recipients
    ADD CONSTRAINT lead_recipients_vendor_id_fkey FOREIGN KEY (vendor_id) REFERENCES public.vendors(id);

ALTER TABLE ONLY public.leads
    ADD CONSTRAINT leads_state_id_fkey FOREIGN KEY (state_id) REFERENCES public.states(id);

ALTER TABLE ONLY public.leads
    ADD CONSTRAINT leads_vendor_id_fkey FOREIGN KEY (vendor_id) REFERENCES public.vendors(id);

ALTER TABLE ONLY public.postcodes
    ADD CONSTRAINT postcodes_city_id_fkey FOREIGN KEY (city_id) REFERENCES public.cities(id);

ALTER TABLE ONLY public.quotes
    ADD CONSTRAINT quotes_lead_id_vendor_id_fkey FOREIGN KEY (lead_id, vendor_id) REFERENCES public.lead_recipients(lead_id, vendor_id) ON DELETE CASCADE;

ALTER TABLE ONLY public.rate_card_classes
    ADD CONSTRAINT rate_card_classes_vendor_id_fkey FOREIGN KEY (vendor_id) REFERENCES public.rate_cards(vendor_id) ON DELETE CASCADE;

ALTER TABLE ONLY public.rate_card_fees
    ADD CONSTRAINT rate_card_fees_vendor_id_fkey FOREIGN KEY (vendor_id) REFERENCES public.rate_cards(vendor_id) ON DELETE CASCADE;

ALTER TABLE ONLY public.rate_cards
    ADD CONSTRAINT rate_cards_vendor_id_fkey FOREIGN KEY (vendor_id) REFERENCES public.vendors(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.reviews
    ADD CONSTRAINT reviews_lead_id_vendor_id_fkey FOREIGN KEY (lead_id, vendor_id) REFERENCES public.lead_recipients(lead_id, vendor_id) ON DELETE CASCADE;

ALTER TABLE ONLY public.states
    ADD CONSTRAINT states_country_id_fkey FOREIGN KEY (country_id) REFERENCES public.countries(id);

ALTER TABLE ONLY public.vendor_change_requests
    ADD CONSTRAINT vendor_change_requests_vendor_id_fkey FOREIGN KEY (vendor_id) REFERENCES public.vendors(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.vendor_claims
    ADD CONSTRAINT vendor_claims_vendor_id_fkey FOREIGN KEY (vendor_id) REFERENCES public.vendors(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.vendor_managers
    ADD CONSTRAINT vendor_managers_vendor_id_fkey FOREIGN KEY (vendor_id) REFERENCES public.vendors(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.vendors_additionaldetails
    ADD CONSTRAINT vendors_additionaldetails_vendor_id_fkey FOREIGN KEY (vendor_id) REFERENCES public.vendors(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.vendors
    ADD CONSTRAINT vendors_postcode_id_fkey FOREIGN KEY (postcode_id) REFERENCES public.postcodes(id);

ALTER TABLE ONLY public.vendors_serviced
    ADD CONSTRAINT vendors_serviced_postcode_id_fkey FOREIGN KEY (postcode_id) REFERENCES public.postcodes(id);

ALTER TABLE ONLY public.vendors_serviced
    ADD CONSTRAINT vendors_serviced_vendor_id_fkey FOREIGN KEY (vendor_id) REFERENCES public.vendors(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.vendors
    ADD CONSTRAINT vendors_state_id_fkey FOREIGN KEY (state_id) REFERENCES public.states(id);

ALTER TABLE ONLY public.vendors_submissions
    ADD CONSTRAINT vendors_submissions_vendor_id_fkey FOREIGN KEY (vendor_id) REFERENCES public.vendors(id);

CREATE POLICY "Anyone can read articles" ON public.articles FOR SELECT TO anon, authenticated USING (true);

CREATE POLICY "Anyone can read cities" ON public.cities FOR SELECT TO anon, authenticated USING (true);

CREATE POLICY "Anyone can read cities_additionaldetails" ON public.cities_additionaldetails FOR SELECT TO anon, authenticated USING (true);

CREATE POLICY "Anyone can read countries" ON public.countries FOR SELECT TO anon, authenticated USING (true);

CREATE POLICY "Anyone can read equipment_manufacturer" ON public.equipment_manufacturer FOR SELECT TO anon, authenticated USING (true);

CREATE POLICY "Anyone can read equipment_models" ON public.equipment_models FOR SELECT TO anon, authenticated USING (true);

CREATE POLICY "Anyone can read equipment_type" ON public.equipment_type FOR SELECT TO anon, authenticated USING (true);

CREATE POLICY "Anyone can read hero_config" ON public.hero_config FOR SELECT TO anon, authenticated USING (true);

CREATE POLICY "Anyone can read listed vendors" ON public.vendors FOR SELECT TO anon, authenticated USING ((NOT hidden));

CREATE POLICY "Anyone can read models_skidsteers" ON public.models_skidsteers FOR SELECT TO anon, authenticated USING (true);

CREATE POLICY "Anyone can read postcodes" ON public.postcodes FOR SELECT TO anon, authenticated USING (true);

CREATE POLICY "Anyone can read published rate cards of listed vendors" ON public.rate_cards FOR SELECT TO anon, authenticated USING ((published AND (EXISTS ( SELECT 1
   FROM public.vendors v
  WHERE (v.id = rate_cards.vendor_id)))));

CREATE POLICY "Anyone can read skidsteer_config" ON public.skidsteer_config FOR SELECT TO anon, authenticated USING (true);

CREATE POLICY "Anyone can read state_seo_config" ON public.state_seo_config FOR SELECT TO anon, authenticated USING (true);

CREATE POLICY "Anyone can read states" ON public.states FOR SELECT TO anon, authenticated USING (true);

CREATE POLICY "Anyone can read the classes of readable rate cards" ON public.rate_card_classes FOR SELECT TO anon, authenticated USING ((EXISTS ( SELECT 1
   FROM public.rate_cards r
  WHERE (r.vendor_id = rate_card_classes.vendor_id))));

CREATE POLICY "Anyone can read the fees of readable rate cards" ON public.rate_card_fees FOR SELECT TO anon, authenticated USING ((EXISTS ( SELECT 1
   FROM public.rate_cards r
  WHERE (r.vendor_id = rate_card_fees.vendor_id))));

CREATE POLICY "Anyone can read vendors_additionaldetails" ON public.vendors_additionaldetails FOR SELECT TO anon, authenticated USING (true);

CREATE POLICY "Anyone can read vendors_serviced" ON public.vendors_serviced FOR SELECT TO anon, authenticated USING (true);

ALTER TABLE public.articles ENABLE ROW LEVEL SECURITY;

ALTER TABLE public.auth_links ENABLE ROW LEVEL SECURITY;

ALTER TABLE public.auth_throttle ENABLE ROW LEVEL SECURITY;

ALTER TABLE public.bookings ENABLE ROW LEVEL SECURITY;

ALTER TABLE public.cities ENABLE ROW LEVEL SECURITY;

ALTER TABLE public.cities_additionaldetails ENABLE ROW LEVEL SECURITY;

ALTER TABLE public.countries ENABLE ROW LEVEL SECURITY;

ALTER TABLE public.equipment_manufacturer ENABLE ROW LEVEL SECURITY;

ALTER TABLE public.equipment_models ENABLE ROW LEVEL SECURITY;

ALTER TABLE public.equipment_type ENABLE ROW LEVEL SECURITY;

ALTER TABLE public.hero_config ENABLE ROW LEVEL SECURITY;

ALTER TABLE public.lead_consents ENABLE ROW LEVEL SECURITY;

ALTER TABLE public.lead_recipients ENABLE ROW LEVEL SECURITY;

ALTER TABLE public.leads ENABLE ROW LEVEL SECURITY;

ALTER TABLE public.models_skidsteers ENABLE ROW LEVEL SECURITY;

ALTER TABLE public.operator_audit ENABLE ROW LEVEL SECURITY;

ALTER TABLE public.operators ENABLE ROW LEVEL SECURITY;

ALTER TABLE public.outbox_attempts ENABLE ROW LEVEL SECURITY;

ALTER TABLE public.outbox_messages ENABLE ROW LEVEL SECURITY;

ALTER TABLE public.postcodes ENABLE ROW LEVEL SECURITY;

ALTER TABLE public.quotes ENABLE ROW LEVEL SECURITY;

ALTER TABLE public.rate_card_classes ENABLE ROW LEVEL SECURITY;

ALTER TABLE public.rate_card_fees ENABLE ROW LEVEL SECURITY;

ALTER TABLE public.rate_cards ENABLE ROW LEVEL SECURITY;

ALTER TABLE public.reviews ENABLE ROW LEVEL SECURITY;

CREATE POLICY reviews_published_read ON public.reviews FOR SELECT TO anon, authenticated USING ((status = 'published'::text));

ALTER TABLE public.sessions ENABLE ROW LEVEL SECURITY;

ALTER TABLE public.skidsteer_config ENABLE ROW LEVEL SECURITY;

ALTER TABLE public.state_seo_config ENABLE ROW LEVEL SECURITY;

ALTER TABLE public.states ENABLE ROW LEVEL SECURITY;

ALTER TABLE public.vendor_change_requests ENABLE ROW LEVEL SECURITY;

ALTER TABLE public.vendor_claims ENABLE ROW LEVEL SECURITY;

ALTER TABLE public.vendor_managers ENABLE ROW LEVEL SECURITY;

ALTER TABLE public.vendors ENABLE ROW LEVEL SECURITY;

ALTER TABLE public.vendors_additionaldetails ENABLE ROW LEVEL SECURITY;

ALTER TABLE public.vendors_serviced ENABLE ROW LEVEL SECURITY;

ALTER TABLE public.vendors_submissions ENABLE ROW LEVEL SECURITY;

ALTER TABLE public.write_attempts ENABLE ROW LEVEL SECURITY;

GRANT USAGE ON SCHEMA private TO anon;
GRANT USAGE ON SCHEMA private TO authenticated;
GRANT USAGE ON SCHEMA private TO service_role;

REVOKE ALL ON FUNCTION private.consent_text(p_vendor_names text[]) FROM PUBLIC;
GRANT ALL ON FUNCTION private.consent_text(p_vendor_names text[]) TO service_role;

REVOKE ALL ON FUNCTION private.erase_requests(p_ids bigint[], p_action text) FROM PUBLIC;

REVOKE ALL ON FUNCTION private.lead_booking_agrees() FROM PUBLIC;

REVOKE ALL ON FUNCTION public.is_email_address(p_email text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.is_email_address(p_email text) TO service_role;

GRANT ALL ON TABLE public.leads TO service_role;

REVOKE ALL ON FUNCTION private.lead_move(p_lead_id bigint, p_action text) FROM PUBLIC;

REVOKE ALL ON FUNCTION private.lead_quoted_at() FROM PUBLIC;

REVOKE ALL ON FUNCTION private.lead_spam_to_recipients() FROM PUBLIC;

REVOKE ALL ON FUNCTION private.lead_state(p_state text, p_rental_end_date date) FROM PUBLIC;

REVOKE ALL ON FUNCTION private.lead_state_guard() FROM PUBLIC;

REVOKE ALL ON FUNCTION private.lead_state_id() FROM PUBLIC;

REVOKE ALL ON FUNCTION private.like_contains(p_text text) FROM PUBLIC;

REVOKE ALL ON FUNCTION private.lowest_day_rates(p_vendor_ids bigint[]) FROM PUBLIC;
GRANT ALL ON FUNCTION private.lowest_day_rates(p_vendor_ids bigint[]) TO anon;
GRANT ALL ON FUNCTION private.lowest_day_rates(p_vendor_ids bigint[]) TO authenticated;
GRANT ALL ON FUNCTION private.lowest_day_rates(p_vendor_ids bigint[]) TO service_role;

REVOKE ALL ON FUNCTION private.person_leads(p_phone text, p_email text) FROM PUBLIC;

REVOKE ALL ON FUNCTION private.quote_save(p_vendor_id bigint, p_lead_id bigint, p_quote jsonb) FROM PUBLIC;

REVOKE ALL ON FUNCTION private.quote_totals(p_lines jsonb, p_tax_percent numeric) FROM PUBLIC;

REVOKE ALL ON FUNCTION private.quote_withdraw(p_vendor_id bigint, p_lead_id bigint) FROM PUBLIC;

REVOKE ALL ON FUNCTION private.recipient_emailed_at() FROM PUBLIC;

REVOKE ALL ON FUNCTION private.recipient_request_copies() FROM PUBLIC;

REVOKE ALL ON FUNCTION private.refuse_after_erasure() FROM PUBLIC;

REVOKE ALL ON FUNCTION private.renter_owns_lead(p_lead_id bigint, p_owner_token text, p_link_hash text) FROM PUBLIC;

REVOKE ALL ON FUNCTION private.review_booked(p_review_id bigint) FROM PUBLIC;
GRANT ALL ON FUNCTION private.review_booked(p_review_id bigint) TO anon;
GRANT ALL ON FUNCTION private.review_booked(p_review_id bigint) TO authenticated;
GRANT ALL ON FUNCTION private.review_booked(p_review_id bigint) TO service_role;

REVOKE ALL ON FUNCTION private.review_counts() FROM PUBLIC;

REVOKE ALL ON FUNCTION private.review_site_average() FROM PUBLIC;
GRANT ALL ON FUNCTION private.review_site_average() TO anon;
GRANT ALL ON FUNCTION private.review_site_average() TO authenticated;
GRANT ALL ON FUNCTION private.review_site_average() TO service_role;

REVOKE ALL ON FUNCTION private.serviced_counts() FROM PUBLIC;

REVOKE ALL ON FUNCTION private.vendor_counts() FROM PUBLIC;

REVOKE ALL ON FUNCTION private.vendor_response(p_vendor_id bigint) FROM PUBLIC;
GRANT ALL ON FUNCTION private.vendor_response(p_vendor_id bigint) TO anon;
GRANT ALL ON FUNCTION private.vendor_response(p_vendor_id bigint) TO authenticated;
GRANT ALL ON FUNCTION private.vendor_response(p_vendor_id bigint) TO service_role;

REVOKE ALL ON FUNCTION private.vendor_response_stats() FROM PUBLIC;

REVOKE ALL ON FUNCTION private.vendor_responses(p_vendor_ids bigint[]) FROM PUBLIC;
GRANT ALL ON FUNCTION private.vendor_responses(p_vendor_ids bigint[]) TO anon;
GRANT ALL ON FUNCTION private.vendor_responses(p_vendor_ids bigint[]) TO authenticated;
GRANT ALL ON FUNCTION private.vendor_responses(p_vendor_ids bigint[]) TO service_role;

REVOKE ALL ON FUNCTION private.vendor_search_index_word(p_query text) FROM PUBLIC;

REVOKE ALL ON FUNCTION private.vendor_search_text() FROM PUBLIC;

REVOKE ALL ON FUNCTION private.vendor_state_id() FROM PUBLIC;

GRANT ALL ON TABLE public.articles TO service_role;
GRANT SELECT ON TABLE public.articles TO anon;
GRANT SELECT ON TABLE public.articles TO authenticated;

REVOKE ALL ON FUNCTION public.article_by_slug(p_slug text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.article_by_slug(p_slug text) TO service_role;
GRANT ALL ON FUNCTION public.article_by_slug(p_slug text) TO anon;
GRANT ALL ON FUNCTION public.article_by_slug(p_slug text) TO authenticated;

REVOKE ALL ON FUNCTION public.articles_list() FROM PUBLIC;
GRANT ALL ON FUNCTION public.articles_list() TO service_role;
GRANT ALL ON FUNCTION public.articles_list() TO anon;
GRANT ALL ON FUNCTION public.articles_list() TO authenticated;

REVOKE ALL ON FUNCTION public.audit(p_operator text, p_action text, p_subject text, p_details jsonb) FROM PUBLIC;
GRANT ALL ON FUNCTION public.audit(p_operator text, p_action text, p_subject text, p_details jsonb) TO service_role;

REVOKE ALL ON FUNCTION public.auth_throttle_record(p_keys jsonb, p_ok boolean) FROM PUBLIC;
GRANT ALL ON FUNCTION public.auth_throttle_record(p_keys jsonb, p_ok boolean) TO service_role;

REVOKE ALL ON FUNCTION public.auth_throttle_wait(p_keys text[]) FROM PUBLIC;
GRANT ALL ON FUNCTION public.auth_throttle_wait(p_keys text[]) TO service_role;

REVOKE ALL ON FUNCTION public.business_answer_review(p_email text, p_review_id bigint, p_reply text, p_report_reason text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.business_answer_review(p_email text, p_review_id bigint, p_reply text, p_report_reason text) TO service_role;

REVOKE ALL ON FUNCTION public.business_claim_start(p_vendor_id bigint, p_email text, p_name text, p_phone text, p_note text, p_client_key text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.business_claim_start(p_vendor_id bigint, p_email text, p_name text, p_phone text, p_note text, p_client_key text) TO service_role;

REVOKE ALL ON FUNCTION public.business_claimable(p_vendor_id bigint) FROM PUBLIC;
GRANT ALL ON FUNCTION public.business_claimable(p_vendor_id bigint) TO service_role;

REVOKE ALL ON FUNCTION public.business_leads(p_email text, p_limit integer) FROM PUBLIC;
GRANT ALL ON FUNCTION public.business_leads(p_email text, p_limit integer) TO service_role;

REVOKE ALL ON FUNCTION public.business_link_use(p_token_hash text, p_purpose text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.business_link_use(p_token_hash text, p_purpose text) TO service_role;

REVOKE ALL ON FUNCTION public.business_listings(p_email text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.business_listings(p_email text) TO service_role;

REVOKE ALL ON FUNCTION public.business_require_manager(p_email text, p_vendor_id bigint) FROM PUBLIC;
GRANT ALL ON FUNCTION public.business_require_manager(p_email text, p_vendor_id bigint) TO service_role;

REVOKE ALL ON FUNCTION public.business_reviews(p_email text, p_limit integer) FROM PUBLIC;
GRANT ALL ON FUNCTION public.business_reviews(p_email text, p_limit integer) TO service_role;

REVOKE ALL ON FUNCTION public.business_save_quote(p_email text, p_vendor_id bigint, p_lead_id bigint, p_quote jsonb) FROM PUBLIC;
GRANT ALL ON FUNCTION public.business_save_quote(p_email text, p_vendor_id bigint, p_lead_id bigint, p_quote jsonb) TO service_role;

REVOKE ALL ON FUNCTION public.business_set_colleague(p_email text, p_vendor_id bigint, p_colleague text, p_add boolean) FROM PUBLIC;
GRANT ALL ON FUNCTION public.business_set_colleague(p_email text, p_vendor_id bigint, p_colleague text, p_add boolean) TO service_role;

REVOKE ALL ON FUNCTION public.business_set_lead_status(p_email text, p_vendor_id bigint, p_lead_id bigint, p_status text, p_reason text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.business_set_lead_status(p_email text, p_vendor_id bigint, p_lead_id bigint, p_status text, p_reason text) TO service_role;

REVOKE ALL ON FUNCTION public.business_set_leads_paused(p_email text, p_vendor_id bigint, p_paused boolean) FROM PUBLIC;
GRANT ALL ON FUNCTION public.business_set_leads_paused(p_email text, p_vendor_id bigint, p_paused boolean) TO service_role;

REVOKE ALL ON FUNCTION public.business_set_rate_card(p_email text, p_vendor_id bigint, p_card jsonb) FROM PUBLIC;
GRANT ALL ON FUNCTION public.business_set_rate_card(p_email text, p_vendor_id bigint, p_card jsonb) TO service_role;

REVOKE ALL ON FUNCTION public.business_sign_in_start(p_email text, p_client_key text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.business_sign_in_start(p_email text, p_client_key text) TO service_role;

REVOKE ALL ON FUNCTION public.business_update_vendor(p_email text, p_vendor_id bigint, p_changes jsonb) FROM PUBLIC;
GRANT ALL ON FUNCTION public.business_update_vendor(p_email text, p_vendor_id bigint, p_changes jsonb) TO service_role;

REVOKE ALL ON FUNCTION public.business_withdraw_quote(p_email text, p_vendor_id bigint, p_lead_id bigint) FROM PUBLIC;
GRANT ALL ON FUNCTION public.business_withdraw_quote(p_email text, p_vendor_id bigint, p_lead_id bigint) TO service_role;

REVOKE ALL ON FUNCTION public.check_job_zip(p_zip text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.check_job_zip(p_zip text) TO service_role;

REVOKE ALL ON FUNCTION public.check_rental_dates(p_start date, p_end date) FROM PUBLIC;
GRANT ALL ON FUNCTION public.check_rental_dates(p_start date, p_end date) TO service_role;

REVOKE ALL ON FUNCTION public.city_page(p_country_slug text, p_state_slug text, p_city_slug text, p_offset integer, p_limit integer, p_sort text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.city_page(p_country_slug text, p_state_slug text, p_city_slug text, p_offset integer, p_limit integer, p_sort text) TO service_role;
GRANT ALL ON FUNCTION public.city_page(p_country_slug text, p_state_slug text, p_city_slug text, p_offset integer, p_limit integer, p_sort text) TO anon;
GRANT ALL ON FUNCTION public.city_page(p_country_slug text, p_state_slug text, p_city_slug text, p_offset integer, p_limit integer, p_sort text) TO authenticated;

REVOKE ALL ON FUNCTION public.city_prices(p_country_slug text, p_state_slug text, p_city_slug text, p_zip text, p_class text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.city_prices(p_country_slug text, p_state_slug text, p_city_slug text, p_zip text, p_class text) TO service_role;
GRANT ALL ON FUNCTION public.city_prices(p_country_slug text, p_state_slug text, p_city_slug text, p_zip text, p_class text) TO anon;
GRANT ALL ON FUNCTION public.city_prices(p_country_slug text, p_state_slug text, p_city_slug text, p_zip text, p_class text) TO authenticated;

REVOKE ALL ON FUNCTION public.city_zip(p_state_slug text, p_city_slug text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.city_zip(p_state_slug text, p_city_slug text) TO service_role;
GRANT ALL ON FUNCTION public.city_zip(p_state_slug text, p_city_slug text) TO anon;
GRANT ALL ON FUNCTION public.city_zip(p_state_slug text, p_city_slug text) TO authenticated;

REVOKE ALL ON FUNCTION public.claim_outbox_messages(p_limit integer, p_lease_seconds integer) FROM PUBLIC;
GRANT ALL ON FUNCTION public.claim_outbox_messages(p_limit integer, p_lease_seconds integer) TO service_role;

REVOKE ALL ON FUNCTION public.complete_lead(p_lead_id bigint, p_owner_token text, p_skid_steer_type text, p_rental_start_date date, p_rental_end_date date, p_name text, p_phone text, p_location text, p_widen boolean, p_webhook boolean, p_renter_email text, p_consent jsonb, p_client_hash text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.complete_lead(p_lead_id bigint, p_owner_token text, p_skid_steer_type text, p_rental_start_date date, p_rental_end_date date, p_name text, p_phone text, p_location text, p_widen boolean, p_webhook boolean, p_renter_email text, p_consent jsonb, p_client_hash text) TO service_role;

REVOKE ALL ON FUNCTION public.count_write_attempt(p_kind text, p_client_key text, p_window interval, p_limit integer, p_message text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.count_write_attempt(p_kind text, p_client_key text, p_window interval, p_limit integer, p_message text) TO service_role;

REVOKE ALL ON FUNCTION public.country_page(p_country_slug text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.country_page(p_country_slug text) TO service_role;
GRANT ALL ON FUNCTION public.country_page(p_country_slug text) TO anon;
GRANT ALL ON FUNCTION public.country_page(p_country_slug text) TO authenticated;

REVOKE ALL ON FUNCTION public.create_lead(p_owner_token text, p_client_key text, p_vendor_id bigint) FROM PUBLIC;
GRANT ALL ON FUNCTION public.create_lead(p_owner_token text, p_client_key text, p_vendor_id bigint) TO service_role;

REVOKE ALL ON FUNCTION public.distance_miles(lat1 double precision, lng1 double precision, lat2 double precision, lng2 double precision) FROM PUBLIC;
GRANT ALL ON FUNCTION public.distance_miles(lat1 double precision, lng1 double precision, lat2 double precision, lng2 double precision) TO service_role;
GRANT ALL ON FUNCTION public.distance_miles(lat1 double precision, lng1 double precision, lat2 double precision, lng2 double precision) TO anon;
GRANT ALL ON FUNCTION public.distance_miles(lat1 double precision, lng1 double precision, lat2 double precision, lng2 double precision) TO authenticated;

REVOKE ALL ON FUNCTION public.equipment_by_slug(p_model_slug text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.equipment_by_slug(p_model_slug text) TO service_role;
GRANT ALL ON FUNCTION public.equipment_by_slug(p_model_slug text) TO anon;
GRANT ALL ON FUNCTION public.equipment_by_slug(p_model_slug text) TO authenticated;

REVOKE ALL ON FUNCTION public.equipment_list() FROM PUBLIC;
GRANT ALL ON FUNCTION public.equipment_list() TO service_role;
GRANT ALL ON FUNCTION public.equipment_list() TO anon;
GRANT ALL ON FUNCTION public.equipment_list() TO authenticated;

GRANT ALL ON TABLE public.equipment_models TO service_role;
GRANT SELECT ON TABLE public.equipment_models TO anon;
GRANT SELECT ON TABLE public.equipment_models TO authenticated;

REVOKE ALL ON FUNCTION public.equipment_model_json(m public.equipment_models) FROM PUBLIC;
GRANT ALL ON FUNCTION public.equipment_model_json(m public.equipment_models) TO service_role;
GRANT ALL ON FUNCTION public.equipment_model_json(m public.equipment_models) TO anon;
GRANT ALL ON FUNCTION public.equipment_model_json(m public.equipment_models) TO authenticated;

REVOKE ALL ON FUNCTION public.find_city_for_zip(p_code text, p_latitude double precision, p_longitude double precision) FROM PUBLIC;
GRANT ALL ON FUNCTION public.find_city_for_zip(p_code text, p_latitude double precision, p_longitude double precision) TO service_role;
GRANT ALL ON FUNCTION public.find_city_for_zip(p_code text, p_latitude double precision, p_longitude double precision) TO anon;
GRANT ALL ON FUNCTION public.find_city_for_zip(p_code text, p_latitude double precision, p_longitude double precision) TO authenticated;

REVOKE ALL ON FUNCTION public.footer_states() FROM PUBLIC;
GRANT ALL ON FUNCTION public.footer_states() TO service_role;
GRANT ALL ON FUNCTION public.footer_states() TO anon;
GRANT ALL ON FUNCTION public.footer_states() TO authenticated;

REVOKE ALL ON FUNCTION public.hero_for(p_page_type text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.hero_for(p_page_type text) TO service_role;
GRANT ALL ON FUNCTION public.hero_for(p_page_type text) TO anon;
GRANT ALL ON FUNCTION public.hero_for(p_page_type text) TO authenticated;

REVOKE ALL ON FUNCTION public.import_vendor_row(r jsonb) FROM PUBLIC;
GRANT ALL ON FUNCTION public.import_vendor_row(r jsonb) TO service_role;

REVOKE ALL ON FUNCTION public.lead_email_links(p_lead_id bigint, p_vendor_id bigint, p_contacted_hash text, p_opt_out_hash text, p_claim_hash text, p_quote_hash text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.lead_email_links(p_lead_id bigint, p_vendor_id bigint, p_contacted_hash text, p_opt_out_hash text, p_claim_hash text, p_quote_hash text) TO service_role;

REVOKE ALL ON FUNCTION public.lead_recipient_lists(p_lead_ids bigint[]) FROM PUBLIC;
GRANT ALL ON FUNCTION public.lead_recipient_lists(p_lead_ids bigint[]) TO service_role;

REVOKE ALL ON FUNCTION public.lead_route(p_zip text, p_vendor_id bigint, p_widen boolean) FROM PUBLIC;
GRANT ALL ON FUNCTION public.lead_route(p_zip text, p_vendor_id bigint, p_widen boolean) TO service_role;

REVOKE ALL ON FUNCTION public.lead_route_rates(p_zip text, p_vendor_id bigint, p_widen boolean) FROM PUBLIC;
GRANT ALL ON FUNCTION public.lead_route_rates(p_zip text, p_vendor_id bigint, p_widen boolean) TO service_role;

REVOKE ALL ON FUNCTION public.lead_status(p_lead_id bigint, p_owner_token text, p_link_hash text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.lead_status(p_lead_id bigint, p_owner_token text, p_link_hash text) TO service_role;

REVOKE ALL ON FUNCTION public.name_for_emails(p_name text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.name_for_emails(p_name text) TO service_role;

REVOKE ALL ON FUNCTION public.normalize_site_column() FROM PUBLIC;
GRANT ALL ON FUNCTION public.normalize_site_column() TO service_role;

REVOKE ALL ON FUNCTION public.normalize_website(p_site text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.normalize_website(p_site text) TO service_role;

REVOKE ALL ON FUNCTION public.operator_add(p_email text, p_password_hash text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.operator_add(p_email text, p_password_hash text) TO service_role;

REVOKE ALL ON FUNCTION public.operator_approve_submission(p_id bigint, p_operator text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.operator_approve_submission(p_id bigint, p_operator text) TO service_role;

REVOKE ALL ON FUNCTION public.operator_audit_event(p_operator text, p_action text, p_subject text, p_details jsonb) FROM PUBLIC;
GRANT ALL ON FUNCTION public.operator_audit_event(p_operator text, p_action text, p_subject text, p_details jsonb) TO service_role;

REVOKE ALL ON FUNCTION public.operator_audit_page(p_limit integer, p_older_than bigint, p_newer_than bigint) FROM PUBLIC;
GRANT ALL ON FUNCTION public.operator_audit_page(p_limit integer, p_older_than bigint, p_newer_than bigint) TO service_role;

REVOKE ALL ON FUNCTION public.operator_change_requests() FROM PUBLIC;
GRANT ALL ON FUNCTION public.operator_change_requests() TO service_role;

REVOKE ALL ON FUNCTION public.operator_claim_page(p_status text, p_limit integer, p_offset integer) FROM PUBLIC;
GRANT ALL ON FUNCTION public.operator_claim_page(p_status text, p_limit integer, p_offset integer) TO service_role;

REVOKE ALL ON FUNCTION public.operator_credentials(p_email text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.operator_credentials(p_email text) TO service_role;

REVOKE ALL ON FUNCTION public.operator_erase_person(p_phone text, p_email text, p_operator text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.operator_erase_person(p_phone text, p_email text, p_operator text) TO service_role;

REVOKE ALL ON FUNCTION public.operator_import_batch(p_rows jsonb, p_dry_run boolean) FROM PUBLIC;
GRANT ALL ON FUNCTION public.operator_import_batch(p_rows jsonb, p_dry_run boolean) TO service_role;

REVOKE ALL ON FUNCTION public.operator_lead(p_id bigint) FROM PUBLIC;
GRANT ALL ON FUNCTION public.operator_lead(p_id bigint) TO service_role;

REVOKE ALL ON FUNCTION public.operator_lead_list(p_ids bigint[]) FROM PUBLIC;
GRANT ALL ON FUNCTION public.operator_lead_list(p_ids bigint[]) TO service_role;

REVOKE ALL ON FUNCTION public.operator_lead_page(p_filters jsonb, p_limit integer, p_older_than bigint, p_newer_than bigint) FROM PUBLIC;
GRANT ALL ON FUNCTION public.operator_lead_page(p_filters jsonb, p_limit integer, p_older_than bigint, p_newer_than bigint) TO service_role;

REVOKE ALL ON FUNCTION public.operator_leads(p_limit integer, p_older_than bigint) FROM PUBLIC;
GRANT ALL ON FUNCTION public.operator_leads(p_limit integer, p_older_than bigint) TO service_role;

REVOKE ALL ON FUNCTION public.operator_list() FROM PUBLIC;
GRANT ALL ON FUNCTION public.operator_list() TO service_role;

REVOKE ALL ON FUNCTION public.operator_mark_spam(p_id bigint, p_spam boolean, p_operator text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.operator_mark_spam(p_id bigint, p_spam boolean, p_operator text) TO service_role;

REVOKE ALL ON FUNCTION public.operator_moderate_review(p_id bigint, p_publish boolean, p_reason text, p_operator text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.operator_moderate_review(p_id bigint, p_publish boolean, p_reason text, p_operator text) TO service_role;

REVOKE ALL ON FUNCTION public.operator_paused_vendors() FROM PUBLIC;
GRANT ALL ON FUNCTION public.operator_paused_vendors() TO service_role;

REVOKE ALL ON FUNCTION public.operator_person(p_phone text, p_email text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.operator_person(p_phone text, p_email text) TO service_role;

REVOKE ALL ON FUNCTION public.operator_remove(p_email text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.operator_remove(p_email text) TO service_role;

REVOKE ALL ON FUNCTION public.operator_resend_lead(p_id bigint, p_operator text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.operator_resend_lead(p_id bigint, p_operator text) TO service_role;

REVOKE ALL ON FUNCTION public.operator_review_change(p_id bigint, p_approve boolean, p_reason text, p_operator text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.operator_review_change(p_id bigint, p_approve boolean, p_reason text, p_operator text) TO service_role;

REVOKE ALL ON FUNCTION public.operator_review_claim(p_id bigint, p_approve boolean, p_reason text, p_operator text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.operator_review_claim(p_id bigint, p_approve boolean, p_reason text, p_operator text) TO service_role;

REVOKE ALL ON FUNCTION public.operator_review_page(p_queue text, p_limit integer, p_after bigint, p_before bigint) FROM PUBLIC;
GRANT ALL ON FUNCTION public.operator_review_page(p_queue text, p_limit integer, p_after bigint, p_before bigint) TO service_role;

REVOKE ALL ON FUNCTION public.operator_review_submission(p_id bigint, p_status text, p_reason text, p_operator text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.operator_review_submission(p_id bigint, p_status text, p_reason text, p_operator text) TO service_role;

REVOKE ALL ON FUNCTION public.operator_revoke_manager(p_vendor_id bigint, p_email text, p_operator text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.operator_revoke_manager(p_vendor_id bigint, p_email text, p_operator text) TO service_role;

REVOKE ALL ON FUNCTION public.operator_set_rate_card(p_vendor_id bigint, p_card jsonb, p_operator text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.operator_set_rate_card(p_vendor_id bigint, p_card jsonb, p_operator text) TO service_role;

REVOKE ALL ON FUNCTION public.operator_set_vendor_hidden(p_id bigint, p_hidden boolean, p_operator text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.operator_set_vendor_hidden(p_id bigint, p_hidden boolean, p_operator text) TO service_role;

REVOKE ALL ON FUNCTION public.operator_submission_page(p_status text, p_limit integer, p_offset integer) FROM PUBLIC;
GRANT ALL ON FUNCTION public.operator_submission_page(p_status text, p_limit integer, p_offset integer) TO service_role;

REVOKE ALL ON FUNCTION public.operator_submissions(p_limit integer) FROM PUBLIC;
GRANT ALL ON FUNCTION public.operator_submissions(p_limit integer) TO service_role;

REVOKE ALL ON FUNCTION public.operator_update_vendor(p_id bigint, p_changes jsonb, p_operator text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.operator_update_vendor(p_id bigint, p_changes jsonb, p_operator text) TO service_role;

REVOKE ALL ON FUNCTION public.operator_vendor(p_id bigint) FROM PUBLIC;
GRANT ALL ON FUNCTION public.operator_vendor(p_id bigint) TO service_role;

REVOKE ALL ON FUNCTION public.operator_vendor_managers(p_vendor_id bigint) FROM PUBLIC;
GRANT ALL ON FUNCTION public.operator_vendor_managers(p_vendor_id bigint) TO service_role;

REVOKE ALL ON FUNCTION public.operator_vendor_page(p_query text, p_limit integer, p_after bigint, p_before bigint) FROM PUBLIC;
GRANT ALL ON FUNCTION public.operator_vendor_page(p_query text, p_limit integer, p_after bigint, p_before bigint) TO service_role;

REVOKE ALL ON FUNCTION public.outbox_link(p_message_id bigint, p_token_hash text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.outbox_link(p_message_id bigint, p_token_hash text) TO service_role;

REVOKE ALL ON FUNCTION public.outbox_quote(p_quote_id bigint) FROM PUBLIC;
GRANT ALL ON FUNCTION public.outbox_quote(p_quote_id bigint) TO service_role;

REVOKE ALL ON FUNCTION public.owned_open_lead(p_lead_id bigint, p_owner_token text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.owned_open_lead(p_lead_id bigint, p_owner_token text) TO service_role;

GRANT ALL ON TABLE public.models_skidsteers TO service_role;
GRANT SELECT ON TABLE public.models_skidsteers TO anon;
GRANT SELECT ON TABLE public.models_skidsteers TO authenticated;

REVOKE ALL ON FUNCTION public.popular_models() FROM PUBLIC;
GRANT ALL ON FUNCTION public.popular_models() TO service_role;
GRANT ALL ON FUNCTION public.popular_models() TO anon;
GRANT ALL ON FUNCTION public.popular_models() TO authenticated;

REVOKE ALL ON FUNCTION public.quote_link_request(p_token_hash text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.quote_link_request(p_token_hash text) TO service_role;

REVOKE ALL ON FUNCTION public.quote_link_save(p_token_hash text, p_quote jsonb) FROM PUBLIC;
GRANT ALL ON FUNCTION public.quote_link_save(p_token_hash text, p_quote jsonb) TO service_role;

REVOKE ALL ON FUNCTION public.quote_link_withdraw(p_token_hash text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.quote_link_withdraw(p_token_hash text) TO service_role;

REVOKE ALL ON FUNCTION public.rate_card_json(p_vendor_id bigint) FROM PUBLIC;
GRANT ALL ON FUNCTION public.rate_card_json(p_vendor_id bigint) TO service_role;
GRANT ALL ON FUNCTION public.rate_card_json(p_vendor_id bigint) TO anon;
GRANT ALL ON FUNCTION public.rate_card_json(p_vendor_id bigint) TO authenticated;

REVOKE ALL ON FUNCTION public.rate_card_problem(p_card jsonb) FROM PUBLIC;
GRANT ALL ON FUNCTION public.rate_card_problem(p_card jsonb) TO service_role;

REVOKE ALL ON FUNCTION public.record_outbox_message(p_id bigint, p_claim_id uuid, p_ok boolean, p_sent_via text, p_error text, p_max_attempts integer) FROM PUBLIC;
GRANT ALL ON FUNCTION public.record_outbox_message(p_id bigint, p_claim_id uuid, p_ok boolean, p_sent_via text, p_error text, p_max_attempts integer) TO service_role;

REVOKE ALL ON FUNCTION public.rental_date_window(OUT earliest date, OUT latest date) FROM PUBLIC;
GRANT ALL ON FUNCTION public.rental_date_window(OUT earliest date, OUT latest date) TO service_role;
GRANT ALL ON FUNCTION public.rental_date_window(OUT earliest date, OUT latest date) TO anon;
GRANT ALL ON FUNCTION public.rental_date_window(OUT earliest date, OUT latest date) TO authenticated;

REVOKE ALL ON FUNCTION public.renter_book_quote(p_lead_id bigint, p_owner_token text, p_link_hash text, p_quote_id bigint) FROM PUBLIC;
GRANT ALL ON FUNCTION public.renter_book_quote(p_lead_id bigint, p_owner_token text, p_link_hash text, p_quote_id bigint) TO service_role;

REVOKE ALL ON FUNCTION public.renter_cancel_booking(p_lead_id bigint, p_owner_token text, p_link_hash text, p_reason text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.renter_cancel_booking(p_lead_id bigint, p_owner_token text, p_link_hash text, p_reason text) TO service_role;

REVOKE ALL ON FUNCTION public.renter_delete_request(p_lead_id bigint, p_owner_token text, p_link_hash text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.renter_delete_request(p_lead_id bigint, p_owner_token text, p_link_hash text) TO service_role;

REVOKE ALL ON FUNCTION public.renter_requests(p_owner_token text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.renter_requests(p_owner_token text) TO service_role;

REVOKE ALL ON FUNCTION public.renter_review_save(p_lead_id bigint, p_vendor_id bigint, p_owner_token text, p_link_hash text, p_client_key text, p_stars integer, p_body text, p_edit boolean) FROM PUBLIC;
GRANT ALL ON FUNCTION public.renter_review_save(p_lead_id bigint, p_vendor_id bigint, p_owner_token text, p_link_hash text, p_client_key text, p_stars integer, p_body text, p_edit boolean) TO service_role;

REVOKE ALL ON FUNCTION public.renter_status_link(p_lead_id bigint, p_token_hash text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.renter_status_link(p_lead_id bigint, p_token_hash text) TO service_role;

REVOKE ALL ON FUNCTION public.retention_run(p_draft_days integer, p_personal_months integer, p_sent_days integer, p_expired_days integer, p_batch integer) FROM PUBLIC;
GRANT ALL ON FUNCTION public.retention_run(p_draft_days integer, p_personal_months integer, p_sent_days integer, p_expired_days integer, p_batch integer) TO service_role;

REVOKE ALL ON FUNCTION public.review_hold_reason(p_body text, p_review_id bigint) FROM PUBLIC;
GRANT ALL ON FUNCTION public.review_hold_reason(p_body text, p_review_id bigint) TO service_role;

REVOKE ALL ON FUNCTION public.review_invitation(p_lead_id bigint) FROM PUBLIC;
GRANT ALL ON FUNCTION public.review_invitation(p_lead_id bigint) TO service_role;

REVOKE ALL ON FUNCTION public.review_invite_now(p_lead_id bigint) FROM PUBLIC;
GRANT ALL ON FUNCTION public.review_invite_now(p_lead_id bigint) TO service_role;

REVOKE ALL ON FUNCTION public.review_refusal(p_lead_id bigint, p_vendor_id bigint) FROM PUBLIC;
GRANT ALL ON FUNCTION public.review_refusal(p_lead_id bigint, p_vendor_id bigint) TO service_role;

REVOKE ALL ON FUNCTION public.reviewer_name(p_name text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.reviewer_name(p_name text) TO service_role;

REVOKE ALL ON FUNCTION public.search_cities(p_query text, p_state_slug text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.search_cities(p_query text, p_state_slug text) TO service_role;
GRANT ALL ON FUNCTION public.search_cities(p_query text, p_state_slug text) TO anon;
GRANT ALL ON FUNCTION public.search_cities(p_query text, p_state_slug text) TO authenticated;

REVOKE ALL ON FUNCTION public.session_end(p_role text, p_token_hash text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.session_end(p_role text, p_token_hash text) TO service_role;

REVOKE ALL ON FUNCTION public.session_start(p_role text, p_subject text, p_token_hash text, p_ttl_seconds integer) FROM PUBLIC;
GRANT ALL ON FUNCTION public.session_start(p_role text, p_subject text, p_token_hash text, p_ttl_seconds integer) TO service_role;

REVOKE ALL ON FUNCTION public.session_subject(p_role text, p_token_hash text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.session_subject(p_role text, p_token_hash text) TO service_role;

REVOKE ALL ON FUNCTION public.set_rate_card(p_vendor_id bigint, p_card jsonb, p_updated_by text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.set_rate_card(p_vendor_id bigint, p_card jsonb, p_updated_by text) TO service_role;

REVOKE ALL ON FUNCTION public.sitemap_file_starts(p_first_file integer, p_per_file integer) FROM PUBLIC;
GRANT ALL ON FUNCTION public.sitemap_file_starts(p_first_file integer, p_per_file integer) TO service_role;
GRANT ALL ON FUNCTION public.sitemap_file_starts(p_first_file integer, p_per_file integer) TO anon;
GRANT ALL ON FUNCTION public.sitemap_file_starts(p_first_file integer, p_per_file integer) TO authenticated;

REVOKE ALL ON FUNCTION public.sitemap_paths(p_after_kind integer, p_after_key bigint, p_limit integer) FROM PUBLIC;
GRANT ALL ON FUNCTION public.sitemap_paths(p_after_kind integer, p_after_key bigint, p_limit integer) TO service_role;
GRANT ALL ON FUNCTION public.sitemap_paths(p_after_kind integer, p_after_key bigint, p_limit integer) TO anon;
GRANT ALL ON FUNCTION public.sitemap_paths(p_after_kind integer, p_after_key bigint, p_limit integer) TO authenticated;

REVOKE ALL ON FUNCTION public.sitemap_size() FROM PUBLIC;
GRANT ALL ON FUNCTION public.sitemap_size() TO service_role;
GRANT ALL ON FUNCTION public.sitemap_size() TO anon;
GRANT ALL ON FUNCTION public.sitemap_size() TO authenticated;

REVOKE ALL ON FUNCTION public.slugify(p_text text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.slugify(p_text text) TO service_role;

REVOKE ALL ON FUNCTION public.state_cities(p_state_slug text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.state_cities(p_state_slug text) TO service_role;
GRANT ALL ON FUNCTION public.state_cities(p_state_slug text) TO anon;
GRANT ALL ON FUNCTION public.state_cities(p_state_slug text) TO authenticated;

REVOKE ALL ON FUNCTION public.state_page(p_country_slug text, p_state_slug text, p_offset integer, p_limit integer) FROM PUBLIC;
GRANT ALL ON FUNCTION public.state_page(p_country_slug text, p_state_slug text, p_offset integer, p_limit integer) TO service_role;
GRANT ALL ON FUNCTION public.state_page(p_country_slug text, p_state_slug text, p_offset integer, p_limit integer) TO anon;
GRANT ALL ON FUNCTION public.state_page(p_country_slug text, p_state_slug text, p_offset integer, p_limit integer) TO authenticated;

REVOKE ALL ON FUNCTION public.submission_cid(p_site text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.submission_cid(p_site text) TO service_role;

REVOKE ALL ON FUNCTION public.submit_vendor(p_name text, p_site text, p_phone text, p_address text, p_state text, p_city text, p_zipcode text, p_client_key text, p_email text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.submit_vendor(p_name text, p_site text, p_phone text, p_address text, p_state text, p_city text, p_zipcode text, p_client_key text, p_email text) TO service_role;

REVOKE ALL ON FUNCTION public.unique_vendor_slug(p_base text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.unique_vendor_slug(p_base text) TO service_role;

REVOKE ALL ON FUNCTION public.update_lead(p_lead_id bigint, p_owner_token text, p_step integer, p_skid_steer_type text, p_rental_start_date date, p_rental_end_date date, p_name text, p_phone text, p_location text, p_widen boolean) FROM PUBLIC;
GRANT ALL ON FUNCTION public.update_lead(p_lead_id bigint, p_owner_token text, p_step integer, p_skid_steer_type text, p_rental_start_date date, p_rental_end_date date, p_name text, p_phone text, p_location text, p_widen boolean) TO service_role;

REVOKE ALL ON FUNCTION public.us_states() FROM PUBLIC;
GRANT ALL ON FUNCTION public.us_states() TO service_role;
GRANT ALL ON FUNCTION public.us_states() TO anon;
GRANT ALL ON FUNCTION public.us_states() TO authenticated;

REVOKE ALL ON FUNCTION public.vendor_address(p_vendor_id bigint) FROM PUBLIC;
GRANT ALL ON FUNCTION public.vendor_address(p_vendor_id bigint) TO service_role;

REVOKE ALL ON FUNCTION public.website_key(p_site text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.website_key(p_site text) TO service_role;

GRANT ALL ON TABLE public.vendors TO service_role;
GRANT SELECT ON TABLE public.vendors TO anon;
GRANT SELECT ON TABLE public.vendors TO authenticated;

REVOKE ALL ON FUNCTION public.vendor_card(v public.vendors) FROM PUBLIC;
GRANT ALL ON FUNCTION public.vendor_card(v public.vendors) TO service_role;
GRANT ALL ON FUNCTION public.vendor_card(v public.vendors) TO anon;
GRANT ALL ON FUNCTION public.vendor_card(v public.vendors) TO authenticated;

REVOKE ALL ON FUNCTION public.vendor_miles_to_zip(p_vendor_id bigint, p_zip text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.vendor_miles_to_zip(p_vendor_id bigint, p_zip text) TO service_role;
GRANT ALL ON FUNCTION public.vendor_miles_to_zip(p_vendor_id bigint, p_zip text) TO anon;
GRANT ALL ON FUNCTION public.vendor_miles_to_zip(p_vendor_id bigint, p_zip text) TO authenticated;

REVOKE ALL ON FUNCTION public.vendor_page(p_country_slug text, p_state_slug text, p_city_slug text, p_vendor_slug text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.vendor_page(p_country_slug text, p_state_slug text, p_city_slug text, p_vendor_slug text) TO service_role;
GRANT ALL ON FUNCTION public.vendor_page(p_country_slug text, p_state_slug text, p_city_slug text, p_vendor_slug text) TO anon;
GRANT ALL ON FUNCTION public.vendor_page(p_country_slug text, p_state_slug text, p_city_slug text, p_vendor_slug text) TO authenticated;

REVOKE ALL ON FUNCTION public.vendor_page_slice(p_vendor_ids bigint[], p_offset integer, p_limit integer, p_sort text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.vendor_page_slice(p_vendor_ids bigint[], p_offset integer, p_limit integer, p_sort text) TO service_role;
GRANT ALL ON FUNCTION public.vendor_page_slice(p_vendor_ids bigint[], p_offset integer, p_limit integer, p_sort text) TO anon;
GRANT ALL ON FUNCTION public.vendor_page_slice(p_vendor_ids bigint[], p_offset integer, p_limit integer, p_sort text) TO authenticated;

REVOKE ALL ON FUNCTION public.vendor_review_scores(p_vendor_ids bigint[]) FROM PUBLIC;
GRANT ALL ON FUNCTION public.vendor_review_scores(p_vendor_ids bigint[]) TO service_role;
GRANT ALL ON FUNCTION public.vendor_review_scores(p_vendor_ids bigint[]) TO anon;
GRANT ALL ON FUNCTION public.vendor_review_scores(p_vendor_ids bigint[]) TO authenticated;

REVOKE ALL ON FUNCTION public.vendor_review_summary(p_vendor_id bigint) FROM PUBLIC;
GRANT ALL ON FUNCTION public.vendor_review_summary(p_vendor_id bigint) TO service_role;
GRANT ALL ON FUNCTION public.vendor_review_summary(p_vendor_id bigint) TO anon;
GRANT ALL ON FUNCTION public.vendor_review_summary(p_vendor_id bigint) TO authenticated;

REVOKE ALL ON FUNCTION public.vendor_reviews(p_vendor_id bigint, p_offset integer, p_limit integer) FROM PUBLIC;
GRANT ALL ON FUNCTION public.vendor_reviews(p_vendor_id bigint, p_offset integer, p_limit integer) TO service_role;
GRANT ALL ON FUNCTION public.vendor_reviews(p_vendor_id bigint, p_offset integer, p_limit integer) TO anon;
GRANT ALL ON FUNCTION public.vendor_reviews(p_vendor_id bigint, p_offset integer, p_limit integer) TO authenticated;

REVOKE ALL ON FUNCTION public.vendors_near_zip(p_zip text, p_limit integer, p_exclude bigint) FROM PUBLIC;
GRANT ALL ON FUNCTION public.vendors_near_zip(p_zip text, p_limit integer, p_exclude bigint) TO service_role;

REVOKE ALL ON FUNCTION public.withdraw_lead(p_lead_id bigint, p_owner_token text, p_link_hash text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.withdraw_lead(p_lead_id bigint, p_owner_token text, p_link_hash text) TO service_role;

GRANT ALL ON SEQUENCE public.articles_id_seq TO service_role;

GRANT ALL ON TABLE public.auth_links TO service_role;

GRANT ALL ON TABLE public.auth_throttle TO service_role;

GRANT ALL ON TABLE public.bookings TO service_role;

GRANT ALL ON TABLE public.cities TO service_role;
GRANT SELECT ON TABLE public.cities TO anon;
GRANT SELECT ON TABLE public.cities TO authenticated;

GRANT ALL ON TABLE public.cities_additionaldetails TO service_role;
GRANT SELECT ON TABLE public.cities_additionaldetails TO anon;
GRANT SELECT ON TABLE public.cities_additionaldetails TO authenticated;

GRANT ALL ON SEQUENCE public.cities_id_seq TO service_role;

GRANT ALL ON TABLE public.states TO service_role;
GRANT SELECT ON TABLE public.states TO anon;
GRANT SELECT ON TABLE public.states TO authenticated;

GRANT ALL ON TABLE public.cities_with_vendors TO service_role;
GRANT SELECT ON TABLE public.cities_with_vendors TO anon;
GRANT SELECT ON TABLE public.cities_with_vendors TO authenticated;

GRANT ALL ON TABLE public.countries TO service_role;
GRANT SELECT ON TABLE public.countries TO anon;
GRANT SELECT ON TABLE public.countries TO authenticated;

GRANT ALL ON SEQUENCE public.countries_id_seq TO service_role;

GRANT ALL ON TABLE public.equipment_manufacturer TO service_role;
GRANT SELECT ON TABLE public.equipment_manufacturer TO anon;
GRANT SELECT ON TABLE public.equipment_manufacturer TO authenticated;

GRANT ALL ON SEQUENCE public.equipment_manufacturer_id_seq TO service_role;

GRANT ALL ON SEQUENCE public.equipment_models_id_seq TO service_role;

GRANT ALL ON TABLE public.equipment_type TO service_role;
GRANT SELECT ON TABLE public.equipment_type TO anon;
GRANT SELECT ON TABLE public.equipment_type TO authenticated;

GRANT ALL ON SEQUENCE public.equipment_type_id_seq TO service_role;

GRANT ALL ON TABLE public.hero_config TO service_role;
GRANT SELECT ON TABLE public.hero_config TO anon;
GRANT SELECT ON TABLE public.hero_config TO authenticated;

GRANT ALL ON TABLE public.lead_consents TO service_role;

GRANT ALL ON TABLE public.outbox_attempts TO service_role;

GRANT ALL ON SEQUENCE public.lead_message_attempts_id_seq TO service_role;

GRANT ALL ON TABLE public.outbox_messages TO service_role;

GRANT ALL ON SEQUENCE public.lead_messages_id_seq TO service_role;

GRANT ALL ON TABLE public.lead_recipients TO service_role;

GRANT ALL ON SEQUENCE public.leads_id_seq TO service_role;

GRANT ALL ON SEQUENCE public.models_skidsteers_id_seq TO service_role;

GRANT ALL ON TABLE public.operator_audit TO service_role;

GRANT ALL ON SEQUENCE public.operator_audit_id_seq TO service_role;

GRANT ALL ON TABLE public.operators TO service_role;

GRANT ALL ON SEQUENCE public.operators_id_seq TO service_role;

GRANT ALL ON TABLE public.postcodes TO service_role;
GRANT SELECT ON TABLE public.postcodes TO anon;
GRANT SELECT ON TABLE public.postcodes TO authenticated;

GRANT ALL ON SEQUENCE public.postcodes_id_seq TO service_role;

GRANT ALL ON TABLE public.quotes TO service_role;

GRANT ALL ON SEQUENCE public.quotes_id_seq TO service_role;

GRANT ALL ON TABLE public.rate_card_classes TO service_role;
GRANT SELECT ON TABLE public.rate_card_classes TO anon;
GRANT SELECT ON TABLE public.rate_card_classes TO authenticated;

GRANT ALL ON TABLE public.rate_card_fees TO service_role;
GRANT SELECT ON TABLE public.rate_card_fees TO anon;
GRANT SELECT ON TABLE public.rate_card_fees TO authenticated;

GRANT ALL ON TABLE public.rate_cards TO service_role;
GRANT SELECT ON TABLE public.rate_cards TO anon;
GRANT SELECT ON TABLE public.rate_cards TO authenticated;

GRANT ALL ON TABLE public.reviews TO service_role;

GRANT SELECT(id) ON TABLE public.reviews TO anon;
GRANT SELECT(id) ON TABLE public.reviews TO authenticated;

GRANT SELECT(vendor_id) ON TABLE public.reviews TO anon;
GRANT SELECT(vendor_id) ON TABLE public.reviews TO authenticated;

GRANT SELECT(stars) ON TABLE public.reviews TO anon;
GRANT SELECT(stars) ON TABLE public.reviews TO authenticated;

GRANT SELECT(body) ON TABLE public.reviews TO anon;
GRANT SELECT(body) ON TABLE public.reviews TO authenticated;

GRANT SELECT(author) ON TABLE public.reviews TO anon;
GRANT SELECT(author) ON TABLE public.reviews TO authenticated;

GRANT SELECT(machine) ON TABLE public.reviews TO anon;
GRANT SELECT(machine) ON TABLE public.reviews TO authenticated;

GRANT SELECT(requested_at) ON TABLE public.reviews TO anon;
GRANT SELECT(requested_at) ON TABLE public.reviews TO authenticated;

GRANT SELECT(status) ON TABLE public.reviews TO anon;
GRANT SELECT(status) ON TABLE public.reviews TO authenticated;

GRANT SELECT(reply) ON TABLE public.reviews TO anon;
GRANT SELECT(reply) ON TABLE public.reviews TO authenticated;

GRANT SELECT(replied_at) ON TABLE public.reviews TO anon;
GRANT SELECT(replied_at) ON TABLE public.reviews TO authenticated;

GRANT SELECT(published_at) ON TABLE public.reviews TO anon;
GRANT SELECT(published_at) ON TABLE public.reviews TO authenticated;

GRANT ALL ON SEQUENCE public.reviews_id_seq TO service_role;

GRANT ALL ON TABLE public.sessions TO service_role;

GRANT ALL ON TABLE public.sitemap_entries TO service_role;
GRANT SELECT ON TABLE public.sitemap_entries TO anon;
GRANT SELECT ON TABLE public.sitemap_entries TO authenticated;

GRANT ALL ON TABLE public.skidsteer_config TO service_role;
GRANT SELECT ON TABLE public.skidsteer_config TO anon;
GRANT SELECT ON TABLE public.skidsteer_config TO authenticated;

GRANT ALL ON TABLE public.state_seo_config TO service_role;
GRANT SELECT ON TABLE public.state_seo_config TO anon;
GRANT SELECT ON TABLE public.state_seo_config TO authenticated;

GRANT ALL ON SEQUENCE public.states_id_seq TO service_role;

GRANT ALL ON TABLE public.states_with_vendors TO service_role;
GRANT SELECT ON TABLE public.states_with_vendors TO anon;
GRANT SELECT ON TABLE public.states_with_vendors TO authenticated;

GRANT ALL ON TABLE public.vendor_change_requests TO service_role;

GRANT ALL ON SEQUENCE public.vendor_change_requests_id_seq TO service_role;

GRANT ALL ON TABLE public.vendor_claims TO service_role;

GRANT ALL ON SEQUENCE public.vendor_claims_id_seq TO service_role;

GRANT ALL ON TABLE public.vendor_managers TO service_role;

GRANT ALL ON TABLE public.vendors_additionaldetails TO service_role;
GRANT SELECT ON TABLE public.vendors_additionaldetails TO anon;
GRANT SELECT ON TABLE public.vendors_additionaldetails TO authenticated;

GRANT ALL ON TABLE public.vendors_serviced TO service_role;
GRANT SELECT ON TABLE public.vendors_serviced TO anon;
GRANT SELECT ON TABLE public.vendors_serviced TO authenticated;

GRANT ALL ON TABLE public.vendors_by_state TO service_role;
GRANT SELECT ON TABLE public.vendors_by_state TO anon;
GRANT SELECT ON TABLE public.vendors_by_state TO authenticated;

GRANT ALL ON SEQUENCE public.vendors_id_seq TO service_role;

GRANT ALL ON TABLE public.vendors_servicedenhanced TO service_role;
GRANT SELECT ON TABLE public.vendors_servicedenhanced TO anon;
GRANT SELECT ON TABLE public.vendors_servicedenhanced TO authenticated;

GRANT ALL ON TABLE public.vendors_submissions TO service_role;

GRANT ALL ON SEQUENCE public.vendors_submissions_id_seq TO service_role;

GRANT ALL ON TABLE public.write_attempts TO service_role;

GRANT ALL ON SEQUENCE public.write_attempts_id_seq TO service_role;

INSERT INTO private.lead_transitions VALUES ('edit', 'renter', 'draft', 'draft');
INSERT INTO private.lead_transitions VALUES ('send', 'renter', 'draft', 'sent');
INSERT INTO private.lead_transitions VALUES ('withdraw', 'renter', 'sent', 'withdrawn');
INSERT INTO private.lead_transitions VALUES ('withdraw', 'renter', 'withdrawn', 'withdrawn');
INSERT INTO private.lead_transitions VALUES ('book', 'renter', 'sent', 'booked');
INSERT INTO private.lead_transitions VALUES ('cancel', 'renter', 'booked', 'cancelled');
INSERT INTO private.lead_transitions VALUES ('delete', 'renter', 'withdrawn', 'erased');
INSERT INTO private.lead_transitions VALUES ('delete', 'renter', 'cancelled', 'erased');
INSERT INTO private.lead_transitions VALUES ('delete', 'renter', 'over', 'erased');
INSERT INTO private.lead_transitions VALUES ('review', 'renter', 'sent', 'sent');
INSERT INTO private.lead_transitions VALUES ('review', 'renter', 'withdrawn', 'withdrawn');
INSERT INTO private.lead_transitions VALUES ('review', 'renter', 'booked', 'booked');
INSERT INTO private.lead_transitions VALUES ('review', 'renter', 'cancelled', 'cancelled');
INSERT INTO private.lead_transitions VALUES ('review', 'renter', 'over', 'over');
INSERT INTO private.lead_transitions VALUES ('set_status', 'business', 'sent', 'sent');
INSERT INTO private.lead_transitions VALUES ('set_status', 'business', 'withdrawn', 'withdrawn');
INSERT INTO private.lead_transitions VALUES ('set_status', 'business', 'booked', 'booked');
INSERT INTO private.lead_transitions VALUES ('set_status', 'business', 'cancelled', 'cancelled');
INSERT INTO private.lead_transitions VALUES ('set_status', 'business', 'over', 'over');
INSERT INTO private.lead_transitions VALUES ('quote', 'business', 'sent', 'sent');
INSERT INTO private.lead_transitions VALUES ('withdraw_quote', 'business', 'sent', 'sent');
INSERT INTO private.lead_transitions VALUES ('mark_spam', 'operator', 'sent', 'sent');
INSERT INTO private.lead_transitions VALUES ('mark_spam', 'operator', 'withdrawn', 'withdrawn');
INSERT INTO private.lead_transitions VALUES ('mark_spam', 'operator', 'over', 'over');
INSERT INTO private.lead_transitions VALUES ('resend', 'operator', 'sent', 'sent');
INSERT INTO private.lead_transitions VALUES ('erase', 'operator', 'draft', 'erased');
INSERT INTO private.lead_transitions VALUES ('erase', 'operator', 'sent', 'erased');
INSERT INTO private.lead_transitions VALUES ('erase', 'operator', 'withdrawn', 'erased');
INSERT INTO private.lead_transitions VALUES ('erase', 'operator', 'booked', 'erased');
INSERT INTO private.lead_transitions VALUES ('erase', 'operator', 'cancelled', 'erased');
INSERT INTO private.lead_transitions VALUES ('erase', 'operator', 'over', 'erased');
INSERT INTO private.lead_transitions VALUES ('expire', 'job', 'draft', 'erased');
INSERT INTO private.lead_transitions VALUES ('expire', 'job', 'sent', 'erased');
INSERT INTO private.lead_transitions VALUES ('expire', 'job', 'withdrawn', 'erased');
INSERT INTO private.lead_transitions VALUES ('expire', 'job', 'booked', 'erased');
INSERT INTO private.lead_transitions VALUES ('expire', 'job', 'cancelled', 'erased');
INSERT INTO private.lead_transitions VALUES ('expire', 'job', 'over', 'erased');

INSERT INTO private.review_totals VALUES (true, 0, 0);

alter default privileges in schema private revoke execute on functions from public, anon, authenticated;

-- The API roles run without JIT compilation (PostgREST applies a role's settings to each request).
alter role anon set jit = off;
alter role authenticated set jit = off;
alter role service_role set jit = off;
