-- Written by npm run db:migration from supabase/functions/ (edit those files, not this one).

-- supabase/functions/business_answer_review.sql
-- The business answers a published review of a listing it manages: its one public reply
-- (set again to edit it), or a report to the operator with a reason, which puts the review
-- in the console's reported queue. Returns the listing's address.
create or replace function public.business_answer_review(p_email text, p_review_id bigint, p_reply text, p_report_reason text)
returns jsonb language plpgsql security definer set search_path = '' as $$
declare
  review public.reviews;
  v_reply text := nullif(trim(coalesce(p_reply, '')), '');
  v_report text := nullif(trim(coalesce(p_report_reason, '')), '');
begin
  select * into review from public.reviews r where r.id = p_review_id and r.status = 'published' for update;
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

revoke execute on function public.business_answer_review(text,bigint,text,text) from public, anon, authenticated;
grant execute on function public.business_answer_review(text,bigint,text,text) to service_role;

-- supabase/functions/review_invite_now.sql
-- A vendor answered the request: its renter's invitation to review goes out now rather
-- than on the rental's start date.
create or replace function public.review_invite_now(p_lead_id bigint)
returns void language sql set search_path = '' as $$
  update public.outbox_messages m set next_attempt_at = now()
  where m.lead_id = p_lead_id and m.kind = 'review_invite' and m.status = 'pending' and m.next_attempt_at > now();
$$;

revoke execute on function public.review_invite_now(bigint) from public, anon, authenticated;

-- supabase/functions/business_link_use.sql
-- Uses an emailed link. A wrong, used, expired or other-purpose token is refused alike.
-- "Stop sending me requests" works any number of times while it lasts and pauses the
-- vendor's leads; every other link works once. A sign-in link returns its email. "I've
-- contacted this customer" marks the lead contacted (its first response). A claim link
-- makes its email the listing's owner when nobody owns it yet; the listing's row is
-- locked, so of two claims at once exactly one wins, and a claim after that goes to the
-- operator. Returns {email, vendor_id, lead_id, outcome: 'signed_in' | 'contacted' |
-- 'opted_out' | 'owner' | 'queued'}, and the listing's address when its page changes.
create or replace function public.business_link_use(p_token_hash text, p_purpose text)
returns jsonb language plpgsql security definer set search_path = '' as $$
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

revoke execute on function public.business_link_use(text,text) from public, anon, authenticated;
grant execute on function public.business_link_use(text,text) to service_role;

-- supabase/functions/business_reviews.sql
-- The published reviews of every listing the address manages, in one call: the newest
-- p_limit (50 by default, at most 1,000), each with its listing, its reply and whether the
-- business reported it; and whether older ones exist.
create or replace function public.business_reviews(p_email text, p_limit int default 50)
returns jsonb language sql stable security definer set search_path = '' as $$
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
        'published_at', p.published_at, 'reply', p.reply, 'replied_at', p.replied_at, 'reported', p.reported_at is not null)
        order by p.n) from page p where p.n <= least(greatest(coalesce(p_limit, 50), 1), 1000)), '[]'::jsonb),
    'more', (select count(*) from page) > least(greatest(coalesce(p_limit, 50), 1), 1000));
$$;

revoke execute on function public.business_reviews(text,integer) from public, anon, authenticated;
grant execute on function public.business_reviews(text,integer) to service_role;

-- supabase/functions/business_set_lead_status.sql
-- A business's status of one of its listing's requests; lost and not a fit need a reason.
-- Contacted and quoted are responses: the first one sets the response time shown on the
-- listing's page and sends the renter's invitation to review; the listing's address is returned.
create or replace function public.business_set_lead_status(p_email text, p_vendor_id bigint, p_lead_id bigint, p_status text, p_reason text)
returns jsonb language plpgsql security definer set search_path = '' as $$
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

revoke execute on function public.business_set_lead_status(text,bigint,bigint,text,text) from public, anon, authenticated;
grant execute on function public.business_set_lead_status(text,bigint,bigint,text,text) to service_role;

-- supabase/functions/vendor_review_summary.sql
-- A listing's published reviews in figures: how many, their average (one decimal), and how
-- many gave each number of stars (1 to 5).
create or replace function public.vendor_review_summary(p_vendor_id bigint)
returns jsonb language sql stable set search_path = '' as $$
  select jsonb_build_object('count', count(*), 'average', round(avg(r.stars), 1),
    'stars', jsonb_build_array(count(*) filter (where r.stars = 1), count(*) filter (where r.stars = 2),
                               count(*) filter (where r.stars = 3), count(*) filter (where r.stars = 4),
                               count(*) filter (where r.stars = 5)))
  from public.reviews r where r.vendor_id = p_vendor_id and r.status = 'published';
$$;

revoke execute on function public.vendor_review_summary(bigint) from public;
grant execute on function public.vendor_review_summary(bigint) to anon, authenticated, service_role;

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
    'from_day', public.lowest_day_rate(v.id),
    'rates_sample', (select r.sample from public.rate_cards r where r.vendor_id = v.id),
    'reviews', public.vendor_review_summary(v.id))
  from public.postcodes p
  join public.cities c on c.id = p.city_id
  join public.states st on st.id = c.state_id
  join public.countries co on co.id = st.country_id
  where p.id = v.postcode_id;
$$;

revoke execute on function public.vendor_card(public.vendors) from public;
grant execute on function public.vendor_card(public.vendors) to anon, authenticated, service_role;

-- supabase/functions/vendor_responses.sql
-- How quickly vendors answer: for each vendor of p_vendor_ids with at least 3 leads in the
-- last 90 days marked contacted or quoted, the median hours from the email being sent to
-- that first response, rounded up, and how many leads it rests on. Only the aggregate
-- leaves: it reads private tables as its owner, so it lives in the schema the API does not
-- expose and is reached only through the public pages' functions.
create or replace function private.vendor_responses(p_vendor_ids bigint[])
returns table (vendor_id bigint, hours int, count bigint) language sql stable security definer set search_path = '' as $$
  select r.vendor_id,
    greatest(ceil(percentile_cont(0.5) within group (order by extract(epoch from r.responded_at - m.sent_at) / 3600)), 1)::int,
    count(*)
  from public.lead_recipients r
  join public.outbox_messages m on m.lead_id = r.lead_id and m.vendor_id = r.vendor_id and m.channel = 'email' and m.sent_at is not null
  where r.vendor_id = any (p_vendor_ids) and r.responded_at > now() - interval '90 days' and r.responded_at >= m.sent_at
  group by r.vendor_id
  having count(*) >= 3;
$$;

revoke execute on function private.vendor_responses(bigint[]) from public;
grant execute on function private.vendor_responses(bigint[]) to anon, authenticated, service_role;

-- supabase/functions/vendor_review_scores.sql
-- The Bayesian average of each vendor's published reviews, by which listings are ranked:
-- (5 x the site's average + the vendor's stars) / (5 + its review count). A vendor with
-- few reviews sits near the site's average; one with none has the site's average.
create or replace function public.vendor_review_scores(p_vendor_ids bigint[])
returns table (vendor_id bigint, score numeric) language sql stable set search_path = '' as $$
  with site as (
    select coalesce(avg(r.stars), 0) as average from public.reviews r where r.status = 'published'
  ), sums as (
    select r.vendor_id, sum(r.stars) as stars, count(*) as reviews
    from public.reviews r where r.status = 'published' and r.vendor_id = any (p_vendor_ids)
    group by r.vendor_id
  )
  select id, (5 * site.average + coalesce(s.stars, 0)) / (5 + coalesce(s.reviews, 0))
  from unnest(p_vendor_ids) as id cross join site left join sums s on s.vendor_id = id;
$$;

revoke execute on function public.vendor_review_scores(bigint[]) from public;
grant execute on function public.vendor_review_scores(bigint[]) to anon, authenticated, service_role;

-- supabase/functions/vendor_page_slice.sql
-- One page of vendors and how many there are in all, best rated first or by price (the
-- lowest published day rate first, vendors without rates last). Best rated is the Bayesian
-- average of published reviews (vendor_review_scores), then the quickest to respond
-- (vendors without a response time last), then by name. Sample ratings play no part.
create or replace function public.vendor_page_slice(p_vendor_ids bigint[], p_offset int, p_limit int, p_sort text default 'rating')
returns jsonb language sql stable set search_path = '' as $$
  with ranked as (
    select v, case when p_sort = 'price' then public.lowest_day_rate(v.id) end as price, s.score, x.hours
    from public.vendors v
    join public.vendor_review_scores(p_vendor_ids) s on s.vendor_id = v.id
    left join private.vendor_responses(p_vendor_ids) x on x.vendor_id = v.id
    where v.id = any (p_vendor_ids)
  ), page as (
    select v, row_number() over (order by price nulls last, score desc, hours nulls last, (v).name, (v).id) as n
    from ranked
    order by n
    offset greatest(coalesce(p_offset, 0), 0)
    limit least(greatest(coalesce(p_limit, 48), 1), 100)
  )
  select jsonb_build_object(
    'vendor_total', coalesce(array_length(p_vendor_ids, 1), 0),
    'vendors', coalesce((select jsonb_agg(public.vendor_card(v) order by n) from page), '[]'::jsonb));
$$;

revoke execute on function public.vendor_page_slice(bigint[],integer,integer,text) from public;
grant execute on function public.vendor_page_slice(bigint[],integer,integer,text) to anon, authenticated, service_role;

-- supabase/functions/complete_lead.sql
-- Completes the lead, routes it and queues its messages. Returns the recipient count. A
-- request from the page of a vendor that asked to stop receiving requests goes to the
-- vendors near the job site instead. With the renter's email address, a copy of the request
-- is queued for them too: the vendors it went to, with their phones as they were then.
create or replace function public.complete_lead(
  p_lead_id bigint, p_owner_token text, p_skid_steer_type text,
  p_rental_start_date date, p_rental_end_date date, p_name text, p_phone text,
  p_location text, p_widen boolean default false, p_webhook boolean default false, p_renter_email text default null)
returns jsonb language plpgsql security definer set search_path = '' as $$
declare
  v_lead bigint;
  chosen bigint;
  days int;
  recipients int;
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
  update public.leads l set
    step = 3, completed = true, completed_at = now(), updated_at = now(),
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

revoke execute on function public.complete_lead(bigint,text,text,date,date,text,text,text,boolean,boolean,text) from public, anon, authenticated;
grant execute on function public.complete_lead(bigint,text,text,date,date,text,text,text,boolean,boolean,text) to service_role;

-- supabase/functions/review_refusal.sql
-- Whether the renter may review this vendor for this request now: null when they may,
-- else the refusal's code. Only a vendor that received the request (its email was sent,
-- or it answered); once the vendor marked it contacted, or from the rental's start date
-- on; not when the request was withdrawn before the vendor answered.
create or replace function public.review_refusal(p_lead_id bigint, p_vendor_id bigint)
returns text language sql stable set search_path = '' as $$
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

revoke execute on function public.review_refusal(bigint,bigint) from public, anon, authenticated;

-- supabase/functions/lead_status.sql
-- A renter's own request, for its private status page: proven by the owner token its
-- browser holds, or by the status link emailed with the renter's copy (the hash of its
-- token, while it lasts). A wrong proof answers as an unknown request. Which vendors it
-- went to, and for each whether the email was sent, whether the vendor has answered, and
-- the renter's review of it: why it cannot be reviewed yet, or the review and its state.
create or replace function public.lead_status(p_lead_id bigint, p_owner_token text, p_link_hash text default null)
returns jsonb language sql stable security definer set search_path = '' as $$
  select jsonb_build_object('id', l.id, 'skid_steer_type', l.skid_steer_type, 'rental_start_date', l.rental_start_date,
    'rental_end_date', l.rental_end_date, 'rental_days', l.rental_days, 'location', l.location, 'completed_at', l.completed_at,
    'withdrawn_at', l.withdrawn_at,
    'recipients', (select coalesce(jsonb_agg(jsonb_build_object(
        'vendor_id', v.id, 'vendor_name', v.name, 'phone', v.phone, 'sent', exists (select 1 from public.outbox_messages m
                                               where m.lead_id = l.id and m.vendor_id = r.vendor_id and m.status = 'sent'),
        'contacted', r.responded_at is not null,
        'review_refusal', public.review_refusal(l.id, r.vendor_id),
        'review', (select jsonb_build_object('stars', w.stars, 'body', w.body, 'status', w.status, 'reject_reason', w.reject_reason,
                                             'editable', w.created_at > now() - interval '30 days')
                   from public.reviews w where w.lead_id = l.id and w.vendor_id = r.vendor_id)) order by r.rank), '[]'::jsonb)
      from public.lead_recipients r join public.vendors v on v.id = r.vendor_id where r.lead_id = l.id))
  from public.leads l
  where l.id = p_lead_id and l.completed
    and (l.owner_token_hash = encode(sha256(convert_to(coalesce(p_owner_token, ''), 'UTF8')), 'hex')
         or exists (select 1 from public.auth_links a where a.token_hash = p_link_hash and a.purpose = 'lead_status'
                    and a.lead_id = l.id and a.expires_at > now()));
$$;

revoke execute on function public.lead_status(bigint,text,text) from public, anon, authenticated;
grant execute on function public.lead_status(bigint,text,text) to service_role;

-- supabase/functions/operator_moderate_review.sql
-- Publishes a waiting review, or keeps a reported one published (the report is cleared),
-- or rejects either with a reason; audit-logged. A newly published review is emailed to
-- the business (its managers, else the listing's address) with a link to reply. Returns
-- the listing's address, whose pages change.
create or replace function public.operator_moderate_review(p_id bigint, p_publish boolean, p_reason text, p_operator text)
returns jsonb language plpgsql security definer set search_path = '' as $$
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

revoke execute on function public.operator_moderate_review(bigint,boolean,text,text) from public, anon, authenticated;
grant execute on function public.operator_moderate_review(bigint,boolean,text,text) to service_role;

-- supabase/functions/operator_review_page.sql
-- The console's reviews in one queue: 'pending' (oldest first, as they wait), 'reported'
-- (published reviews the business reported), 'published' or 'rejected' (newest first);
-- paged, with the total. Each with its listing, the request it rests on, and why its text
-- was held.
create or replace function public.operator_review_page(p_queue text, p_limit int, p_offset int)
returns jsonb language sql stable security definer set search_path = '' as $$
  with matching as (
    select r.* from public.reviews r
    where case coalesce(p_queue, 'pending')
            when 'reported' then r.status = 'published' and r.reported_at is not null
            else r.status = coalesce(p_queue, 'pending') end
  )
  select jsonb_build_object(
    'total', (select count(*) from matching),
    'rows', coalesce((select jsonb_agg(jsonb_build_object('id', r.id, 'lead_id', r.lead_id, 'vendor_id', r.vendor_id,
        'vendor_name', v.name, 'address', public.vendor_address(v.id), 'stars', r.stars, 'body', r.body, 'author', r.author,
        'machine', r.machine, 'requested_at', r.requested_at, 'status', r.status, 'held_reason', r.held_reason,
        'reject_reason', r.reject_reason, 'reply', r.reply, 'reported_at', r.reported_at, 'report_reason', r.report_reason,
        'created_at', r.created_at, 'updated_at', r.updated_at) order by r.n)
      from (select m.*, row_number() over (order by case when coalesce(p_queue, 'pending') = 'pending' then m.created_at end,
                                                     m.created_at desc, m.id desc) as n
            from matching m order by n
            offset greatest(coalesce(p_offset, 0), 0) limit least(greatest(coalesce(p_limit, 50), 1), 1000)) r
      join public.vendors v on v.id = r.vendor_id), '[]'::jsonb));
$$;

revoke execute on function public.operator_review_page(text,integer,integer) from public, anon, authenticated;
grant execute on function public.operator_review_page(text,integer,integer) to service_role;

-- supabase/functions/review_hold_reason.sql
-- Why a review's text should be read closely before it is published, or null: an email
-- address, a link, a phone number, or long repeated text (a character ten times in a
-- row, a word five times in a row).
create or replace function public.review_hold_reason(p_body text)
returns text language sql immutable set search_path = '' as $$
  select case
    when p_body is null then null
    when p_body ~* '[^\s@]+@[^\s@]+\.[a-z]{2,}' then 'Contains an email address'
    when p_body ~* '(https?://|www\.|\m[a-z0-9-]+\.(com|net|org|io|co|us|biz|info|site|online)\M)' then 'Contains a link'
    when p_body ~ '\(?\d{3}\)?[\s.-]*\d{3}[\s.-]*\d{4}' then 'Contains a phone number'
    when p_body ~ '(\S)\1{9,}' or p_body ~* '(\m\w+\M)(\W+\1\M){4,}' then 'Contains long repeated text'
  end;
$$;

revoke execute on function public.review_hold_reason(text) from public, anon, authenticated;

-- supabase/functions/reviewer_name.sql
-- How a review names its author: the renter's first name and the initial of the last,
-- "Dana K."; a single name stays as it is.
create or replace function public.reviewer_name(p_name text)
returns text language sql immutable set search_path = '' as $$
  with words as (select regexp_split_to_array(trim(coalesce(p_name, '')), '\s+') as w)
  select left(case when cardinality(w) > 1 then w[1] || ' ' || upper(left(w[cardinality(w)], 1)) || '.' else w[1] end, 40)
  from words;
$$;

revoke execute on function public.reviewer_name(text) from public, anon, authenticated;

-- supabase/functions/renter_review_save.sql
-- The renter writes (p_edit false) or edits (p_edit true) their review of one vendor that
-- received their request, proven as for lead_status. One review per request and vendor,
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
  if public.lead_status(p_lead_id, p_owner_token, p_link_hash) is null then
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
    perform public.count_write_attempt('review', p_client_key, interval '1 day', 10, 'Too many reviews from this connection');
    update public.reviews r set stars = p_stars, body = v_body, status = 'pending', published_at = null, reject_reason = null,
      held_reason = public.review_hold_reason(v_body), updated_at = now()
    where r.id = existing.id;
    return existing.id;
  end if;
  if existing.id is not null then
    raise exception 'You have already reviewed this vendor for this request' using errcode = 'PT409', hint = 'review-exists';
  end if;
  refusal := public.review_refusal(p_lead_id, p_vendor_id);
  if refusal = 'review-not-recipient' then
    raise exception 'This vendor did not receive this request' using errcode = 'PT409', hint = 'review-not-recipient';
  elsif refusal = 'review-withdrawn' then
    raise exception 'The request was withdrawn before the vendor answered' using errcode = 'PT409', hint = 'review-withdrawn';
  elsif refusal = 'review-too-early' then
    raise exception 'The vendor has not contacted the renter and the rental has not started' using errcode = 'PT409', hint = 'review-too-early';
  end if;
  perform public.count_write_attempt('review', p_client_key, interval '1 day', 10, 'Too many reviews from this connection');
  if (select count(*) from public.reviews r join public.leads o on o.id = r.lead_id
      where regexp_replace(o.phone, '\D', '', 'g') = regexp_replace(lead.phone, '\D', '', 'g')
        and r.created_at > now() - interval '30 days') >= 5 then
    raise exception 'Too many reviews from this phone number' using errcode = 'PT429', hint = 'limit-review-phone';
  end if;
  insert into public.reviews (lead_id, vendor_id, stars, body, author, machine, requested_at, held_reason)
  values (p_lead_id, p_vendor_id, p_stars, v_body, public.reviewer_name(lead.name), lead.skid_steer_type, lead.completed_at,
          coalesce(public.review_hold_reason(v_body),
                   (select 'Same text as review #' || o.id from public.reviews o where o.body = v_body and length(v_body) >= 40 limit 1)))
  returning id into v_id;
  return v_id;
end;
$$;

revoke execute on function public.renter_review_save(bigint,bigint,text,text,text,integer,text,boolean) from public, anon, authenticated;
grant execute on function public.renter_review_save(bigint,bigint,text,text,text,integer,text,boolean) to service_role;

-- supabase/functions/review_invitation.sql
-- The vendors the renter of a request may review now and has not reviewed yet, in the
-- order the request went to them, for the invitation email.
create or replace function public.review_invitation(p_lead_id bigint)
returns jsonb language sql stable security definer set search_path = '' as $$
  select coalesce(jsonb_agg(v.name order by r.rank), '[]'::jsonb)
  from public.lead_recipients r join public.vendors v on v.id = r.vendor_id
  where r.lead_id = p_lead_id and public.review_refusal(p_lead_id, r.vendor_id) is null
    and not exists (select 1 from public.reviews w where w.lead_id = p_lead_id and w.vendor_id = r.vendor_id);
$$;

revoke execute on function public.review_invitation(bigint) from public, anon, authenticated;
grant execute on function public.review_invitation(bigint) to service_role;

-- supabase/functions/vendor_response.sql
-- How quickly one vendor answers (see vendor_responses), or null below 3 answered leads.
create or replace function private.vendor_response(p_vendor_id bigint)
returns jsonb language sql stable security definer set search_path = '' as $$
  select jsonb_build_object('hours', x.hours, 'count', x.count) from private.vendor_responses(array[p_vendor_id]) x;
$$;

revoke execute on function private.vendor_response(bigint) from public;
grant execute on function private.vendor_response(bigint) to anon, authenticated, service_role;

-- supabase/functions/vendor_reviews.sql
-- One page of a listing's published reviews, newest first, with the total: what the
-- public sees of each (never the request, the renter's phone or the report).
create or replace function public.vendor_reviews(p_vendor_id bigint, p_offset int default 0, p_limit int default 10)
returns jsonb language sql stable set search_path = '' as $$
  select jsonb_build_object(
    'total', (select count(*) from public.reviews r where r.vendor_id = p_vendor_id and r.status = 'published'),
    'reviews', coalesce((select jsonb_agg(jsonb_build_object('id', r.id, 'stars', r.stars, 'body', r.body, 'author', r.author,
        'machine', r.machine, 'requested_at', r.requested_at, 'published_at', r.published_at,
        'reply', r.reply, 'replied_at', r.replied_at) order by r.published_at desc, r.id desc)
      from (select r.id, r.stars, r.body, r.author, r.machine, r.requested_at, r.published_at, r.reply, r.replied_at
            from public.reviews r where r.vendor_id = p_vendor_id and r.status = 'published'
            order by r.published_at desc, r.id desc
            offset greatest(coalesce(p_offset, 0), 0) limit least(greatest(coalesce(p_limit, 10), 1), 100)) r), '[]'::jsonb));
$$;

revoke execute on function public.vendor_reviews(bigint,integer,integer) from public;
grant execute on function public.vendor_reviews(bigint,integer,integer) to anon, authenticated, service_role;

-- supabase/functions/withdraw_lead.sql
-- Withdraws the renter's own request (proven as for lead_status): the vendors' messages not
-- yet sent are cancelled, and the invitation to review when no vendor has answered.
create or replace function public.withdraw_lead(p_lead_id bigint, p_owner_token text, p_link_hash text default null)
returns void language plpgsql security definer set search_path = '' as $$
begin
  if public.lead_status(p_lead_id, p_owner_token, p_link_hash) is null then
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
