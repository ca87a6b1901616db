-- How quickly one vendor answers, as its row keeps it (count_responses): the median hours of its
-- answers in the 90 days before they were counted, shown while its latest answer is under 90 days
-- old; null below 3 answered leads.
create or replace function private.vendor_response(p_vendor_id bigint)
returns jsonb language sql stable security definer set search_path = '' as $$
  select jsonb_build_object('hours', v.response_hours, 'count', v.response_count)
  from public.vendors v
  where v.id = p_vendor_id and v.response_hours is not null and v.last_responded_at > now() - interval '90 days';
$$;

revoke execute on function private.vendor_response(bigint) from public;
grant execute on function private.vendor_response(bigint) to anon, authenticated, service_role;
