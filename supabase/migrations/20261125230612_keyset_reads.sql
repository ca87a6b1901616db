-- Written by npm run db:migration from supabase/functions/ (edit those files, not this one).

-- supabase/functions/business_leads.sql
-- The rental requests every listing the address manages received, in one call: the newest
-- p_limit of them (50 by default, at most 1,000, the API's page), newest first, each with
-- its listing, every field and the business's own status of it; and whether older ones
-- exist. Each listing's requests are read newest first from its own index, so a
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
      join public.leads l on l.id = r.lead_id
      where r.vendor_id = m.vendor_id and l.completed and not l.spam
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
        'reason', r.reason, 'status', r.status, 'status_reason', r.status_reason, 'status_at', r.status_at) order by x.n)
      from numbered x join public.leads l on l.id = x.id join public.lead_recipients r on r.lead_id = x.id and r.vendor_id = x.vendor_id
      where x.n <= (select page_size from settings)), '[]'::jsonb),
    'more', (select count(*) from numbered) > (select page_size from settings));
$$;

revoke execute on function public.business_leads(text,integer) from public, anon, authenticated;
grant execute on function public.business_leads(text,integer) to service_role;

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
    from (select distinct u.id from unnest(p_vendor_ids) u(id)) ids
    join public.reviews r on r.vendor_id = ids.id and r.status = 'published'
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
-- (vendor_response; vendors without a response time last), then by name. Sample ratings play no part.
create or replace function public.vendor_page_slice(p_vendor_ids bigint[], p_offset int, p_limit int, p_sort text default 'rating')
returns jsonb language sql stable set search_path = '' as $$
  with members as (
    select v.id, v.name, case when v.last_responded_at > now() - interval '90 days' then v.response_hours end as hours
    from (select distinct u.id from unnest(p_vendor_ids) u(id)) ids join public.vendors v on v.id = ids.id
  ), ranked as (
    select m.id, m.name, case when p_sort = 'price' then public.lowest_day_rate(m.id) end as price, s.score, m.hours
    from members m
    join public.vendor_review_scores(p_vendor_ids) s on s.vendor_id = m.id
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
    'rows', coalesce((select jsonb_agg(public.operator_lead_json(l) order by l.completed_at desc, l.id desc)
                      from public.leads l where l.id = any (page_ids[1:page_size])), '[]'::jsonb));
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
language sql stable security definer set search_path = '' as $$
  select l.id, l.vendor_id, l.vendor_name, l.step, l.location, l.name, l.phone, l.skid_steer_type,
         l.rental_days, l.rental_start_date, l.rental_end_date, l.completed, l.widen, l.created_at, l.completed_at,
         public.lead_recipients_json(l.id),
         (select coalesce(jsonb_agg(jsonb_build_object('id', m.id, 'vendor_id', m.vendor_id, 'channel', m.channel,
                                                       'status', m.status, 'attempts', m.attempts, 'sent_at', m.sent_at,
                                                       'sent_via', m.sent_via, 'last_error', m.last_error) order by m.id), '[]'::jsonb)
          from public.outbox_messages m where m.lead_id = l.id)
  from public.leads l
  where not l.spam and (p_older_than is null or l.id < p_older_than)
  order by l.id desc
  limit least(greatest(coalesce(p_limit, 100), 1), 1000);
$$;

revoke execute on function public.operator_leads(integer,bigint) from public, anon, authenticated;
grant execute on function public.operator_leads(integer,bigint) to service_role;

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
  matches int;
begin
  if query is not null then
    matching := matching || format(' and (v.search_text ilike %L', like_text)
      || case when site_query is not null and site_query <> lower(query)
              then format(' or v.search_text like %L', '%' || site_query || '%') else '' end || ')';
  end if;
  select v.name into anchor_name from public.vendors v where v.id = coalesce(p_after, p_before);

  execute format('select count(*) from (%s limit %s) x', matching, count_cap + 1) into matches;
  if backwards then
    execute format('select array(select m.id from (%s) m where (m.name, m.id) < ($1, $2) order by m.name desc, m.id desc limit $3)', matching)
      into page_ids using anchor_name, p_before, page_size + 1;
  else
    execute format('select array(select m.id from (%s) m where $1::text is null or (m.name, m.id) > ($1, $2) order by m.name, m.id limit $3)', matching)
      into page_ids using anchor_name, p_after, page_size + 1;
  end if;

  return jsonb_build_object(
    'total', least(matches, count_cap),
    'total_capped', matches > count_cap,
    'next', case when backwards then anchor_name is not null else cardinality(page_ids) > page_size end,
    'previous', case when backwards then cardinality(page_ids) > page_size else anchor_name is not null end,
    'rows', coalesce((select jsonb_agg(jsonb_build_object('id', v.id, 'name', v.name, 'slug', v.slug, 'site', v.site,
        'phone', v.phone, 'hidden', v.hidden, 'city_name', c.name, 'state_code', st.code,
        'leads', (select count(*) from (select 1 from public.lead_recipients r join public.leads l on l.id = r.lead_id
                  where r.vendor_id = v.id and not l.spam limit 10001) x)) order by v.name, v.id)
      from public.vendors v join public.postcodes p on p.id = v.postcode_id
      join public.cities c on c.id = p.city_id join public.states st on st.id = c.state_id
      where v.id = any (page_ids[1:page_size])), '[]'::jsonb));
end;
$$;

revoke execute on function public.operator_vendor_page(text,integer,bigint,bigint) from public, anon, authenticated;
grant execute on function public.operator_vendor_page(text,integer,bigint,bigint) to service_role;

-- supabase/functions/sitemap_file_starts.sql
-- Where each sitemap file after the first starts: the kind and key of the entry before it, when
-- files hold p_per_file entries and the first holds p_first_file (the rest of it is static
-- pages). One pass over the entries' keys, read once for the whole index by its cache.
create or replace function public.sitemap_file_starts(p_first_file int, p_per_file int)
returns table (file int, after_kind int, after_key bigint) language sql stable set search_path = '' as $$
  select ((e.n - p_first_file) / p_per_file + 1)::int, e.kind, e.key
  from (select s.kind, s.key, row_number() over (order by s.kind, s.key) as n from public.sitemap_entries s) e
  where p_per_file > 0 and e.n >= p_first_file and (e.n - p_first_file) % p_per_file = 0;
$$;

revoke execute on function public.sitemap_file_starts(integer,integer) from public;
grant execute on function public.sitemap_file_starts(integer,integer) to anon, authenticated, service_role;

-- supabase/functions/sitemap_paths.sql
-- One page of the sitemaps' paths, with when each changed, in (kind, key) order by keyset: the
-- p_limit entries after entry (p_after_kind, p_after_key), or the first. At most 1,000 rows a
-- call (PostgREST's max-rows): callers page, passing the last kind and key they read.
create or replace function public.sitemap_paths(p_after_kind int, p_after_key bigint, p_limit int)
returns table (kind int, key bigint, path text, updated_at timestamptz) language sql stable set search_path = '' as $$
  select e.kind, e.key, e.path, e.updated_at from public.sitemap_entries e
  where p_after_kind is null or e.kind > p_after_kind or (e.kind = p_after_kind and e.key > p_after_key)
  order by e.kind, e.key
  limit least(greatest(coalesce(p_limit, 0), 0), 1000);
$$;

revoke execute on function public.sitemap_paths(integer,bigint,integer) from public;
grant execute on function public.sitemap_paths(integer,bigint,integer) to anon, authenticated, service_role;

-- supabase/functions/vendor_response.sql
-- How quickly one vendor answers, as its row keeps it (vendor_response_stats): the median hours
-- of its answers in the 90 days before its latest, shown while that answer is under 90 days old;
-- null below 3 answered leads.
create or replace function private.vendor_response(p_vendor_id bigint)
returns jsonb language sql stable security definer set search_path = '' as $$
  select jsonb_build_object('hours', v.response_hours, 'count', v.response_count)
  from public.vendors v
  where v.id = p_vendor_id and v.response_hours is not null and v.last_responded_at > now() - interval '90 days';
$$;

revoke execute on function private.vendor_response(bigint) from public;
grant execute on function private.vendor_response(bigint) to anon, authenticated, service_role;
