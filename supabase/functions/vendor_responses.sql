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
    greatest(ceil(extract(epoch from percentile_cont(0.5) within group (order by r.responded_at - r.emailed_at)) / 3600), 1)::int,
    count(*)
  from (select distinct u.id from unnest(p_vendor_ids) u(id)) ids
  join public.lead_recipients r on r.vendor_id = ids.id
  where r.responded_at > now() - interval '90 days' and r.responded_at >= r.emailed_at
  group by r.vendor_id
  having count(*) >= 3;
$$;

revoke execute on function private.vendor_responses(bigint[]) from public;
grant execute on function private.vendor_responses(bigint[]) to anon, authenticated, service_role;
