-- The timed round's job for listings' response figures: counts the response time
-- (vendor_responses) and rate (vendor_response_rates) of up to p_batch listings whose figures are
-- due (an answer or a silence since they were last counted: vendor_response_stats), the longest
-- waiting first, or only p_vendor_id's (after its business's own answer); returns how many it
-- counted, or null when none was due. Each listing is claimed (skip locked), so instances running
-- it at once never count the same one. An answer that commits while its listing is being counted
-- waits for the count, then marks it due again.
create or replace function public.count_responses(p_batch int default 20, p_vendor_id bigint default null)
returns int language plpgsql security definer set search_path = '' as $$
declare
  due bigint[];
begin
  select array(select v.id from public.vendors v where v.response_due_at is not null and (p_vendor_id is null or v.id = p_vendor_id)
               order by v.response_due_at, v.id limit least(greatest(coalesce(p_batch, 20), 1), 1000)
               for update skip locked) into due;
  if cardinality(due) = 0 then
    return null;
  end if;
  update public.vendors v
  set response_hours = x.hours, response_count = x.count, response_rate = y.rate, response_rate_count = y.count, response_due_at = null
  from unnest(due) d(id)
  left join private.vendor_responses(due) x on x.vendor_id = d.id
  left join private.vendor_response_rates(due) y on y.vendor_id = d.id
  where v.id = d.id;
  return cardinality(due);
end;
$$;

revoke execute on function public.count_responses(int, bigint) from public, anon, authenticated;
grant execute on function public.count_responses(int, bigint) to service_role;
