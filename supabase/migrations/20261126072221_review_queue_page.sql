-- Written by npm run db:migration from supabase/functions/ (edit those files, not this one).

-- supabase/functions/operator_review_page.sql
-- The console's reviews in one queue: 'pending' (oldest first, as they wait), 'reported'
-- (published reviews the business reported), 'published' or 'rejected' (newest first); one page
-- read by keyset in the queue's order: the page after review p_after, or before review p_before,
-- or the first. Read through the (status, created_at, id) index, so a page costs the same after
-- years of reviews; 'total' counts at most 10,001 ('total_capped' past 10,000). Each with its
-- listing, the request it rests on, and why its text was held.
create or replace function public.operator_review_page(p_queue text, p_limit int, p_after bigint default null, p_before bigint default null)
returns jsonb language plpgsql stable security definer set search_path = '' as $$
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
$$;

revoke execute on function public.operator_review_page(text,integer,bigint,bigint) from public, anon, authenticated;
grant execute on function public.operator_review_page(text,integer,bigint,bigint) to service_role;
