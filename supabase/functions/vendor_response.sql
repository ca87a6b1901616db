-- How quickly a vendor answers: over its leads of the last 90 days marked contacted or
-- quoted, the median hours from the email being sent to that first response, rounded up,
-- with how many leads it rests on; null below 3 such leads. Only the aggregate leaves: it
-- reads private tables as its owner, so it lives in the schema the API does not expose and
-- is reached only through vendor_page.
create or replace function private.vendor_response(p_vendor_id bigint)
returns jsonb language sql stable security definer set search_path = '' as $$
  select case when count(*) >= 3 then jsonb_build_object(
      'hours', greatest(ceil(percentile_cont(0.5) within group (order by extract(epoch from r.responded_at - m.sent_at) / 3600)), 1)::int,
      'count', count(*)) end
  from public.lead_recipients r
  join public.outbox_messages m on m.lead_id = r.lead_id and m.vendor_id = r.vendor_id and m.channel = 'email' and m.sent_at is not null
  where r.vendor_id = p_vendor_id and r.responded_at > now() - interval '90 days' and r.responded_at >= m.sent_at;
$$;

revoke execute on function private.vendor_response(bigint) from public;
grant execute on function private.vendor_response(bigint) to anon, authenticated, service_role;
