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
                   where b.vendor_id = m.vendor_id and b.status = 'booked' and q.created_at > now() - interval '90 days')))
      from managed m), '[]'::jsonb));
$$;

revoke execute on function public.business_leads(text,integer) from public, anon, authenticated;
grant execute on function public.business_leads(text,integer) to service_role;

-- supabase/functions/lead_spam_to_recipients.sql
-- Trigger: a request marked spam, or not, carries the mark to its recipients' copies.
create or replace function private.lead_spam_to_recipients()
returns trigger language plpgsql security definer set search_path = '' as $$
begin
  update public.lead_recipients r set spam = new.spam where r.lead_id = new.id;
  return null;
end;
$$;
revoke execute on function private.lead_spam_to_recipients() from public, anon, authenticated;

-- supabase/functions/operator_lead_page.sql
-- The console's completed rental requests matching its filters, newest first, one page read by
-- keyset: the page older than request p_older_than, or newer than request p_newer_than, or the
-- newest. Filters (all optional): completed between two dates, the job ZIP's state (slug), a
-- recipient vendor, the job ZIP, the delivery state ('pending', 'sent', 'failed', 'none' for no
-- recipient), the stage ('quoted': a vendor quoted it; 'booked') and spam ('only', 'include';
-- left out by default). Each page reads one index in
-- page order (a recipient's, the ZIP's, the state's or every request's), so its cost does not
-- grow with history; a listing's requests are counted from its recipients' index alone, which
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
    when f->>'vendor' is not null and f->>'zip' is null and f->>'state' is null then
      'select r.lead_id as id, r.completed_at, null::text as location, null::bigint as state_id, r.spam
         from public.lead_recipients r where r.vendor_id = ($1->>''vendor'')::bigint and r.completed_at is not null'
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
      and (case $1->>'stage'
             when 'quoted' then exists (select 1 from public.quotes q where q.lead_id = k.id)
             when 'booked' then exists (select 1 from public.bookings b where b.lead_id = k.id and b.status = 'booked')
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

-- supabase/functions/operator_vendor_page.sql
-- The console's listings matching a search (any part of the name, the city's name or the
-- website, held together in search_text), by name, one page read by keyset: the page after
-- listing p_after, or before listing p_before, or the first. The search is planned with its
-- own text, so a rare one reads the trigram index and a common one walks the names in order.
-- 'total' counts at most 1,001 matches ('total_capped' past 1,000), each row's 'leads' at
-- most 10,001 requests.
create or replace function public.operator_vendor_page(p_query text, p_limit int, p_after bigint default null, p_before bigint default null)
returns jsonb language plpgsql stable security definer set search_path = '' as $$
declare
  query constant text := nullif(trim(coalesce(p_query, '')), '');
  site_query constant text := public.website_key(p_query);
  page_size constant int := least(greatest(coalesce(p_limit, 50), 1), 1000);
  count_cap constant int := 1000;
  backwards constant boolean := p_after is null and p_before is not null;
  like_text constant text := '%' || replace(replace(replace(query, '\', '\\'), '%', '\%'), '_', '\_') || '%';
  matching text := 'select v.id, v.name from public.vendors v where v.postcode_id is not null';
  anchor_name text;
  page_ids bigint[];
  hits bigint[];
  matches int;
begin
  if query is not null then
    matching := matching || format(' and (v.search_text ilike %L', like_text)
      || case when site_query is not null and site_query <> lower(query)
              then format(' or v.search_text like %L', '%' || site_query || '%') else '' end || ')';
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
$$;

revoke execute on function public.operator_vendor_page(text,integer,bigint,bigint) from public, anon, authenticated;
grant execute on function public.operator_vendor_page(text,integer,bigint,bigint) to service_role;

-- supabase/functions/recipient_request_copies.sql
-- Trigger: copies its request's completed_at and spam mark onto a new recipient, so a listing's
-- requests are read and counted newest first from one index without reading the requests.
create or replace function private.recipient_request_copies()
returns trigger language plpgsql security definer set search_path = '' as $$
begin
  select l.completed_at, l.spam into new.completed_at, new.spam from public.leads l where l.id = new.lead_id;
  new.spam := coalesce(new.spam, false);
  return new;
end;
$$;
revoke execute on function private.recipient_request_copies() from public, anon, authenticated;
