-- The timed round's job for listings' response figures: counts the response time
-- (vendor_responses) and rate (vendor_response_rates) of up to p_batch listings whose figures are
-- due (an answer or a silence since they were last counted: private.responses_due), the longest
-- waiting first, or only p_vendor_id's (after its business's own answer); returns how many it
-- counted, or null when none was due. It claims each listing's mark and row together and skips
-- any another transaction holds, so it never waits: instances running it at once never count the
-- same listing, and an answer that comes while its listing is counted waits for the count, then
-- marks it due again.
create or replace function public.count_responses(p_batch int default 20, p_vendor_id bigint default null)
returns int language plpgsql security definer set search_path = '' as $$
declare
  due bigint[];
begin
  select array(select d.vendor_id from private.responses_due d join public.vendors v on v.id = d.vendor_id
               where p_vendor_id is null or d.vendor_id = p_vendor_id
               order by d.since, d.vendor_id limit least(greatest(coalesce(p_batch, 20), 1), 1000)
               for update skip locked) into due;
  if cardinality(due) = 0 then
    return null;
  end if;
  delete from private.responses_due d where d.vendor_id = any (due);
  update public.vendors v
  set response_hours = x.hours, response_count = x.count, response_rate = y.rate, response_rate_count = y.count
  from unnest(due) d(id)
  left join private.vendor_responses(due) x on x.vendor_id = d.id
  left join private.vendor_response_rates(due) y on y.vendor_id = d.id
  where v.id = d.id;
  return cardinality(due);
end;
$$;

revoke execute on function public.count_responses(int, bigint) from public, anon, authenticated;
grant execute on function public.count_responses(int, bigint) to service_role;
