-- How often vendors answer: for each vendor of p_vendor_ids, of the requests it received in the
-- last 90 days whose first response was due and came (responded_at) or did not (passed_at), the
-- percentage answered, rounded down, and how many it rests on. A vendor that said it is not
-- available answered; one whose request was booked or withdrawn before its time ran out is not counted.
create or replace function private.vendor_response_rates(p_vendor_ids bigint[])
returns table (vendor_id bigint, rate int, count bigint) language sql stable security definer set search_path = '' as $$
  select r.vendor_id, floor(100.0 * count(r.responded_at) / count(*))::int, count(*)
  from (select distinct u.id from unnest(p_vendor_ids) u(id)) ids
  join public.lead_recipients r on r.vendor_id = ids.id
  where r.completed_at > now() - interval '90 days' and (r.responded_at is not null or r.passed_at is not null)
  group by r.vendor_id;
$$;

revoke execute on function private.vendor_response_rates(bigint[]) from public, anon, authenticated;
