-- How quickly one vendor answers (see vendor_responses), or null below 3 answered leads.
create or replace function private.vendor_response(p_vendor_id bigint)
returns jsonb language sql stable security definer set search_path = '' as $$
  select jsonb_build_object('hours', x.hours, 'count', x.count) from private.vendor_responses(array[p_vendor_id]) x;
$$;

revoke execute on function private.vendor_response(bigint) from public;
grant execute on function private.vendor_response(bigint) to anon, authenticated, service_role;
