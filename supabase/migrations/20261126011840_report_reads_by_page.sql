-- Written by npm run db:migration from supabase/functions/ (edit those files, not this one).

-- supabase/functions/lead_recipient_lists.sql
-- Leads' recipients as the operator's pages and reports list them, for many leads at once: for
-- each lead, null when it has none, or each vendor, why it was chosen, its status of the lead and, once it
-- answered, how many hours after its email.
create or replace function public.lead_recipient_lists(p_lead_ids bigint[])
returns table (lead_id bigint, recipients jsonb) language sql stable security definer set search_path = '' as $$
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

revoke execute on function public.lead_recipient_lists(bigint[]) from public, anon, authenticated;
grant execute on function public.lead_recipient_lists(bigint[]) to service_role;

-- supabase/functions/operator_lead_list.sql
-- Leads as the console shows them, in the order of p_ids: every field but their secrets, their
-- recipients and their delivery state, read in one call for all the leads.
create or replace function public.operator_lead_list(p_ids bigint[])
returns jsonb language sql stable security definer set search_path = '' as $$
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

revoke execute on function public.operator_lead_list(bigint[]) from public, anon, authenticated;
grant execute on function public.operator_lead_list(bigint[]) to service_role;

-- supabase/functions/operator_lead.sql
-- One rental request for the console: every field, its recipients and its messages.
create or replace function public.operator_lead(p_id bigint)
returns jsonb language sql stable security definer set search_path = '' as $$
  select public.operator_lead_list(array[l.id])->0 || jsonb_build_object(
    'messages', (select coalesce(jsonb_agg(to_jsonb(m) - 'claim_id' || jsonb_build_object(
                   'vendor_name', (select v.name from public.vendors v where v.id = m.vendor_id),
                   'attempt_log', (select coalesce(jsonb_agg(to_jsonb(a) order by a.id), '[]'::jsonb)
                                   from public.outbox_attempts a where a.message_id = m.id)) order by m.id), '[]'::jsonb)
                 from public.outbox_messages m where m.lead_id = l.id))
  from public.leads l where l.id = p_id and l.completed;
$$;

revoke execute on function public.operator_lead(bigint) from public, anon, authenticated;
grant execute on function public.operator_lead(bigint) to service_role;

-- supabase/functions/operator_lead_page.sql
-- The console's completed rental requests matching its filters, newest first, one page read by
-- keyset: the page older than request p_older_than, or newer than request p_newer_than, or the
-- newest. Filters (all optional): completed between two dates, the job ZIP's state (slug), a
-- recipient vendor, the job ZIP, the delivery state ('pending', 'sent', 'failed', 'none' for no
-- recipient) and spam ('only', 'include'; left out by default). Each page reads one index in
-- page order (a recipient's, the ZIP's, the state's or every request's), so its cost does not
-- grow with history; 'total' counts at most 10,001 matches ('total_capped' past 10,000).
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
  source text;
  filtered text;
  page_ids bigint[];
  matches int;
begin
  select l.completed_at, l.id into anchor_at, anchor_id
  from public.leads l where l.id = coalesce(p_older_than, p_newer_than) and l.completed;

  -- The index that serves the page: the narrowest filter's, ordered as the page is; the rest
  -- of the filters are checked on each row it gives, in page order.
  source := case
    when f->>'vendor' is not null then
      'select l.id, r.completed_at, l.location, l.state_id, l.spam from public.lead_recipients r
         join public.leads l on l.id = r.lead_id where r.vendor_id = ($1->>''vendor'')::bigint and r.completed_at is not null'
    when f->>'zip' is not null then
      'select l.id, l.completed_at, l.location, l.state_id, l.spam from public.leads l where l.completed and l.location = $1->>''zip'''
    when f->>'state' is not null then
      'select l.id, l.completed_at, l.location, l.state_id, l.spam from public.leads l where l.completed and l.state_id = $5'
    else 'select l.id, l.completed_at, l.location, l.state_id, l.spam from public.leads l where l.completed' end;

  filtered := format($q$
    select k.id, k.completed_at from (%s) k
    where ($1->>'from' is null or k.completed_at >= ($1->>'from')::date)
      and ($1->>'to' is null or k.completed_at < ($1->>'to')::date + 1)
      and ($1->>'zip' is null or k.location = $1->>'zip')
      and ($1->>'state' is null or k.state_id = $5)
      and (case $1->>'delivery'
             when 'none' then not exists (select 1 from public.lead_recipients r where r.lead_id = k.id)
             when 'failed' then exists (select 1 from public.outbox_messages m where m.lead_id = k.id and m.status = 'failed')
             when 'pending' then exists (select 1 from public.outbox_messages m where m.lead_id = k.id and m.status in ('pending', 'sending'))
             when 'sent' then exists (select 1 from public.outbox_messages m where m.lead_id = k.id)
                              and not exists (select 1 from public.outbox_messages m where m.lead_id = k.id and m.status <> 'sent')
             else true end)
      and (case $1->>'spam' when 'only' then k.spam when 'include' then true else not k.spam end)$q$, source);

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

-- supabase/functions/operator_leads.sql
-- The operator's JSON report of leads (spam left out), with their recipients and messages: the
-- p_limit newest (at most 1,000, PostgREST's page) older than request p_older_than, newest first.
-- Callers page by keyset, passing the last id they read.
create or replace function public.operator_leads(p_limit int default 100, p_older_than bigint default null)
returns table (id bigint, vendor_id bigint, vendor_name text, step smallint, location text,
               name text, phone text, skid_steer_type text, rental_days int,
               rental_start_date date, rental_end_date date, completed boolean, widen boolean,
               created_at timestamptz, completed_at timestamptz, recipients jsonb, messages jsonb)
-- Planned once for any arguments, its estimate of the page is large enough to start JIT
-- compilation, which alone takes longer than reading the page.
language sql stable security definer set search_path = '' set jit = off as $$
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

revoke execute on function public.operator_leads(integer,bigint) from public, anon, authenticated;
grant execute on function public.operator_leads(integer,bigint) to service_role;
