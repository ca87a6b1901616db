-- Written by npm run db:migration from supabase/functions/ (edit those files, not this one).

-- supabase/functions/failed_deliveries_kept.sql
-- Keeps private.failed_deliveries, the completed requests with a failed message: a request goes in
-- when one of its messages fails, and out when none of them is failed any more (resent, or
-- deleted). Statement triggers on outbox_messages, with the inserted, updated or deleted rows. A
-- request's row is locked before its messages are checked, and a failure holds it until it
-- commits (a row already there is locked, not rewritten), so a resend and another message's
-- failure at once never leave it out.
create or replace function private.failed_deliveries_kept()
returns trigger language plpgsql security definer set search_path = '' as $$
begin
  if tg_op in ('INSERT', 'UPDATE') then
    insert into private.failed_deliveries as d (lead_id, completed_at)
    select distinct l.id, l.completed_at
    from new_rows n join public.leads l on l.id = n.lead_id
    where n.status = 'failed' and l.completed and l.completed_at is not null
    order by l.id
    on conflict (lead_id) do update set completed_at = excluded.completed_at
      where d.completed_at is distinct from excluded.completed_at;
  end if;
  if tg_op in ('UPDATE', 'DELETE') then
    perform 1 from private.failed_deliveries d
    where d.lead_id in (select o.lead_id from old_rows o where o.status = 'failed')
    order by d.lead_id
    for update;
    delete from private.failed_deliveries d
    where d.lead_id in (select o.lead_id from old_rows o where o.status = 'failed')
      and not exists (select 1 from public.outbox_messages m where m.lead_id = d.lead_id and m.status = 'failed');
  end if;
  return null;
end;
$$;

revoke execute on function private.failed_deliveries_kept() from public, anon, authenticated;

-- supabase/functions/operator_lead_page.sql
-- The console's completed rental requests matching its filters, newest first, one page read by
-- keyset: the page older than request p_older_than, or newer than request p_newer_than, or the
-- newest. Filters (all optional): completed between two dates, the job ZIP's state (slug), a
-- recipient vendor, the job ZIP, the delivery state ('pending', 'sent', 'failed', 'none' for no
-- recipient), the stage ('quoted': a vendor quoted it; 'booked': its booking is live and it is not
-- erased) and spam ('only', 'include'; left out by default). Each page reads one index in
-- page order (a recipient's, the ZIP's, the state's, the spam, booked, quoted or unsent requests' or every
-- request's, or the requests with a failed message: private.failed_deliveries), so its cost does
-- not grow with history, but for messages still to send, which are read from those few messages;
-- a listing's requests are counted from its recipients' index alone, which
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
  -- messages still to send, few enough to be read whole); the other filters are checked
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
    when 'delivery' then case f->>'delivery'
      when 'failed' then
        'select d.lead_id as id, d.completed_at, l.location, l.state_id, l.spam from private.failed_deliveries d
           join public.leads l on l.id = d.lead_id where l.completed'
      else
        'select l.id, l.completed_at, l.location, l.state_id, l.spam from public.leads l
           where l.completed and l.id = any (array(select distinct m.lead_id from public.outbox_messages m
                                                   where m.status in (''pending'', ''sending'')))' end
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
      'select l.id, l.completed_at, l.location, l.state_id, l.spam from public.leads l where l.completed
        and l.state = any (array[''booked'', ''confirmed'', ''on_the_way'', ''on_rent'', ''returned'', ''billed'', ''settled''])'
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
      when 'booked' then 'exists (select 1 from public.leads b where b.id = k.id and b.state = any (array[''booked'', ''confirmed'', ''on_the_way'', ''on_rent'', ''returned'', ''billed'', ''settled'']))'
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
$$;

revoke execute on function public.operator_lead_page(jsonb,integer,bigint,bigint) from public, anon, authenticated;
grant execute on function public.operator_lead_page(jsonb,integer,bigint,bigint) to service_role;
