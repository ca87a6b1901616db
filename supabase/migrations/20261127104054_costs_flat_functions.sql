-- Written by npm run db:migration from supabase/functions/ (edit those files, not this one).

-- supabase/functions/business_leads.sql
-- The rental requests every listing the address manages received, in one call: the newest
-- p_limit of them (50 by default, at most 1,000, the API's page), newest first, each with
-- its listing, every field, the business's own status of it, its latest quote and the request's
-- booking; whether older ones exist; and each listing's win rate over 90 days. Each listing's requests are read newest first from its own index, so a
-- listing with years of requests costs no more than a new one.
create or replace function public.business_leads(p_email text, p_limit int default 50)
returns jsonb language sql stable security definer set search_path = '' as $$
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

revoke execute on function public.business_leads(text,integer) from public, anon, authenticated;
grant execute on function public.business_leads(text,integer) to service_role;

-- supabase/functions/business_sign_in_start.sql
-- A sign-in request: when the address manages a listing, a sign-in email is queued in the
-- outbox (its link is made when it is sent); otherwise nothing. The visitor is told the
-- same either way, at the same speed. Limited per client and per address.
create or replace function public.business_sign_in_start(p_email text, p_client_key text)
returns void language plpgsql security definer set search_path = '' as $$
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

revoke execute on function public.business_sign_in_start(text,text) from public, anon, authenticated;
grant execute on function public.business_sign_in_start(text,text) to service_role;

-- supabase/functions/lowest_day_rates.sql
-- The lowest day rate of each of these vendors' readable cards (vendors without one are left out),
-- read in one pass for a page sorted by price. Runs as the caller, as lowest_day_rate does.
create or replace function private.lowest_day_rates(p_vendor_ids bigint[])
returns table (vendor_id bigint, day_rate numeric) language sql stable set search_path = '' as $$
  select k.vendor_id, min(k.day_rate) from public.rate_card_classes k
  join public.rate_cards r on r.vendor_id = k.vendor_id
  where k.vendor_id = any (p_vendor_ids)
  group by k.vendor_id;
$$;

revoke execute on function private.lowest_day_rates(bigint[]) from public;
grant execute on function private.lowest_day_rates(bigint[]) to anon, authenticated, service_role;

-- supabase/functions/vendor_card.sql
-- A vendor card with the slugs of its home location, for links, whether the business has
-- claimed the listing, whether it went public in the last 30 days ("New"), and its lowest
-- published day rate ("from $X/day"), marked when it is sample data, and its published
-- reviews in figures. Its rating is sample data, never mixed with the reviews.
create or replace function public.vendor_card(v public.vendors)
returns jsonb language sql stable set search_path = '' as $$
  select jsonb_build_object(
    'id', v.id, 'name', v.name, 'slug', v.slug, 'phone', v.phone, 'site', v.site,
    'full_address', v.full_address, 'rating', v.rating, 'photo', v.photo,
    'city_name', c.name, 'city_slug', c.slug, 'state_slug', st.slug, 'state_code', st.code,
    'country_slug', co.slug, 'claimed', v.claimed_at is not null, 'new', coalesce(v.listed_at > now() - interval '30 days', false),
    -- Read here rather than through a function: a card is built for every vendor of a page.
    'from_day', (select min(k.day_rate) from public.rate_card_classes k where k.vendor_id = r.vendor_id),
    'rates_sample', r.sample,
    'reviews', public.vendor_review_summary(v.id))
  from public.postcodes p
  join public.cities c on c.id = p.city_id
  join public.states st on st.id = c.state_id
  join public.countries co on co.id = st.country_id
  left join public.rate_cards r on r.vendor_id = v.id
  where p.id = v.postcode_id;
$$;

revoke execute on function public.vendor_card(public.vendors) from public;
grant execute on function public.vendor_card(public.vendors) to anon, authenticated, service_role;

-- supabase/functions/vendor_page_slice.sql
-- One page of vendors and how many there are in all, best rated first or by price (the
-- lowest published day rate first, vendors without rates last). Best rated is the Bayesian
-- average of published reviews (vendor_review_scores), then the quickest to respond
-- (vendor_response; vendors without a response time last), then by name. Sample ratings play no part.
create or replace function public.vendor_page_slice(p_vendor_ids bigint[], p_offset int, p_limit int, p_sort text default 'rating')
returns jsonb language sql stable set search_path = '' as $$
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

revoke execute on function public.vendor_page_slice(bigint[],integer,integer,text) from public;
grant execute on function public.vendor_page_slice(bigint[],integer,integer,text) to anon, authenticated, service_role;

-- supabase/functions/complete_lead.sql
-- Completes the lead, routes it and queues its messages. Returns the recipient count. A
-- request from the page of a vendor that asked to stop receiving requests goes to the
-- vendors near the job site instead. With the renter's email address, a copy of the request
-- is queued for them too: the vendors it went to, with their phones as they were then. The
-- consent sentence the renter was shown ({text, page}) is required and stored with the client's
-- keyed hash of its address: the text must be the site's sentence (private.consent_text) naming
-- the vendors the request is routed to, and the page a path of the site, or nothing is written.
create or replace function public.complete_lead(
  p_lead_id bigint, p_owner_token text, p_skid_steer_type text,
  p_rental_start_date date, p_rental_end_date date, p_name text, p_phone text,
  p_location text, p_widen boolean default false, p_webhook boolean default false, p_renter_email text default null,
  p_consent jsonb default null, p_client_hash text default null)
returns jsonb language plpgsql security definer set search_path = '' as $$
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
$$;

revoke execute on function public.complete_lead(bigint,text,text,date,date,text,text,text,boolean,boolean,text,jsonb,text) from public, anon, authenticated;
grant execute on function public.complete_lead(bigint,text,text,date,date,text,text,text,boolean,boolean,text,jsonb,text) to service_role;

-- supabase/functions/operator_lead_page.sql
-- The console's completed rental requests matching its filters, newest first, one page read by
-- keyset: the page older than request p_older_than, or newer than request p_newer_than, or the
-- newest. Filters (all optional): completed between two dates, the job ZIP's state (slug), a
-- recipient vendor, the job ZIP, the delivery state ('pending', 'sent', 'failed', 'none' for no
-- recipient), the stage ('quoted': a vendor quoted it; 'booked': its booking is live and it is not
-- erased) and spam ('only', 'include'; left out by default). Each page reads one index in
-- page order (a recipient's, the ZIP's, the state's, the booked, quoted or unsent requests' or every
-- request's), so its cost does not grow with history, but for failed or undelivered messages,
-- which are read from those few messages; a listing's requests are counted from its recipients' index alone, which
-- holds each request's spam mark; 'total' counts at most 10,001 matches ('total_capped' past 10,000).
create or replace function public.operator_lead_page(p_filters jsonb, p_limit int, p_older_than bigint default null, p_newer_than bigint default null)
returns jsonb language plpgsql stable security definer set search_path = '' as $$
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
    case f->>'spam' when 'only' then 'k.spam' when 'include' then null else 'not k.spam' end], null);
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
$$;

revoke execute on function public.operator_lead_page(jsonb,integer,bigint,bigint) from public, anon, authenticated;
grant execute on function public.operator_lead_page(jsonb,integer,bigint,bigint) to service_role;

-- supabase/functions/retention_run.sql
-- One batch of the retention periods (days unless said), at most p_batch rows of each kind (and a
-- quarter as many requests to erase, each of which changes rows in eight tables), so that a batch
-- stays short whatever is due and a day's work is a trickle of batches:
-- drafts never sent are deleted p_draft_days after their last change; sent requests are
-- erased in place (erase_requests, as the action expire) p_personal_months after they were sent,
-- keeping dates, ZIP and vendors for reports; sent (or finally failed) messages lose their payload and recipient (and
-- their delivery attempts' errors) p_sent_days after; sign-in and claim link emails go after a week;
-- expired links and sessions, and throttle rows past every window, go p_expired_days after. Each row is changed by one statement, so it
-- is done or untouched; rows another instance is working on are skipped, never done twice.
-- Returns how many of each it changed.
create or replace function public.retention_run(p_draft_days int, p_personal_months int, p_sent_days int, p_expired_days int,
  p_batch int default 100)
returns jsonb language plpgsql security definer set search_path = '' as $$
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

revoke execute on function public.retention_run(int,int,int,int,int) from public, anon, authenticated;
grant execute on function public.retention_run(int,int,int,int,int) to service_role;

-- supabase/functions/sitemap_file_starts.sql
-- Where each sitemap file after the first starts: the kind and key of the entry before it, when
-- files hold p_per_file entries and the first holds p_first_file (the rest of it is static
-- pages). One pass over the entries' keys, read once for the whole index by its cache.
create or replace function public.sitemap_file_starts(p_first_file int, p_per_file int)
returns table (file int, after_kind int, after_key bigint) language sql stable set search_path = ''
-- Numbering 100,000 listings sorts them in memory rather than on disk.
set work_mem = '16MB' as $$
  select ((e.n - p_first_file) / p_per_file + 1)::int, e.kind, e.key
  from (select s.kind, s.key, row_number() over (order by s.kind, s.key) as n from public.sitemap_entries s) e
  where p_per_file > 0 and e.n >= p_first_file and (e.n - p_first_file) % p_per_file = 0;
$$;

revoke execute on function public.sitemap_file_starts(integer,integer) from public;
grant execute on function public.sitemap_file_starts(integer,integer) to anon, authenticated, service_role;

-- supabase/functions/vendor_responses.sql
-- How quickly vendors answer: for each vendor of p_vendor_ids with at least 3 leads in the
-- last 90 days marked contacted or quoted, the median hours from the email being sent to
-- that first response, rounded up, and how many leads it rests on. Read from the recipients'
-- answers alone (each holds when its email was sent: recipient_emailed_at), so a busy vendor's
-- answer costs no more than a quiet one's. Only the aggregate leaves: it reads private tables as
-- its owner, so it lives in the schema the API does not expose and is reached only through the
-- public pages' functions.
create or replace function private.vendor_responses(p_vendor_ids bigint[])
returns table (vendor_id bigint, hours int, count bigint) language sql stable security definer set search_path = '' as $$
  select r.vendor_id,
    greatest(ceil(percentile_cont(0.5) within group (order by extract(epoch from r.responded_at - r.emailed_at) / 3600)), 1)::int,
    count(*)
  from (select distinct u.id from unnest(p_vendor_ids) u(id)) ids
  join public.lead_recipients r on r.vendor_id = ids.id
  where r.responded_at > now() - interval '90 days' and r.responded_at >= r.emailed_at
  group by r.vendor_id
  having count(*) >= 3;
$$;

revoke execute on function private.vendor_responses(bigint[]) from public;
grant execute on function private.vendor_responses(bigint[]) to anon, authenticated, service_role;

-- supabase/functions/vendor_response_stats.sql
-- Trigger (by statement): when vendors answer requests, keeps on each one's row when it last answered
-- and its response time then (vendor_responses). Only an answer recomputes it: a later change of a
-- request's status, which leaves its answer as it was, does not.
create or replace function private.vendor_response_stats()
returns trigger language plpgsql security definer set search_path = '' as $$
declare
  answered_by bigint[];
begin
  if tg_op = 'UPDATE' then
    answered_by := array(select distinct n.vendor_id from new_rows n join old_rows o on o.lead_id = n.lead_id and o.vendor_id = n.vendor_id
                         where n.responded_at is not null and n.responded_at is distinct from o.responded_at);
  else
    answered_by := array(select distinct n.vendor_id from new_rows n where n.responded_at is not null);
  end if;
  if cardinality(answered_by) = 0 then
    return null;
  end if;
  with answered as (
    select n.vendor_id, max(n.responded_at) as at from new_rows n where n.vendor_id = any (answered_by) and n.responded_at is not null group by 1
  )
  update public.vendors v set last_responded_at = greatest(v.last_responded_at, a.at), response_hours = x.hours, response_count = x.count
  from answered a left join private.vendor_responses(answered_by) x on x.vendor_id = a.vendor_id
  where v.id = a.vendor_id;
  return null;
end;
$$;
revoke execute on function private.vendor_response_stats() from public, anon, authenticated;
