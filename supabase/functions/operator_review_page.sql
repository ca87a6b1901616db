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
        'machine', r.machine, 'requested_at', r.requested_at, 'status', r.status,
        'booked', exists (select 1 from public.bookings b where b.lead_id = r.lead_id and b.vendor_id = r.vendor_id and b.status = 'booked'), 'held_reason', r.held_reason,
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
