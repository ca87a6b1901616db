-- The console's audit log, newest first, one page read by keyset: the page older than entry
-- p_older_than, or newer than entry p_newer_than, or the newest. Read through the log's (at, id)
-- index, so a page costs the same after years of entries; 'total' counts at most 10,001 entries
-- ('total_capped' past 10,000).
create or replace function public.operator_audit_page(p_limit int, p_older_than bigint default null, p_newer_than bigint default null)
returns jsonb language plpgsql stable security definer set search_path = '' as $$
declare
  page_size constant int := least(greatest(coalesce(p_limit, 50), 1), 1000);
  count_cap constant int := 10000;
  newer constant boolean := p_older_than is null and p_newer_than is not null;
  anchor_at timestamptz;
  anchor_id bigint;
  page_ids bigint[];
  entries int;
begin
  select a.at, a.id into anchor_at, anchor_id from public.operator_audit a where a.id = coalesce(p_older_than, p_newer_than);
  select count(*) into entries from (select 1 from public.operator_audit limit count_cap + 1) x;
  if anchor_id is null then
    page_ids := array(select a.id from public.operator_audit a order by a.at desc, a.id desc limit page_size + 1);
  elsif newer then
    page_ids := array(select a.id from public.operator_audit a where (a.at, a.id) > (anchor_at, anchor_id)
                      order by a.at, a.id limit page_size + 1);
  else
    page_ids := array(select a.id from public.operator_audit a where (a.at, a.id) < (anchor_at, anchor_id)
                      order by a.at desc, a.id desc limit page_size + 1);
  end if;

  return jsonb_build_object(
    'total', least(entries, count_cap),
    'total_capped', entries > count_cap,
    'next', case when newer and anchor_id is not null then true else cardinality(page_ids) > page_size end,
    'previous', case when newer and anchor_id is not null then cardinality(page_ids) > page_size else anchor_id is not null end,
    'rows', coalesce((select jsonb_agg(to_jsonb(a) order by a.at desc, a.id desc) from public.operator_audit a
                      where a.id = any (page_ids[1:page_size])), '[]'::jsonb));
end;
$$;

revoke execute on function public.operator_audit_page(integer,bigint,bigint) from public, anon, authenticated;
grant execute on function public.operator_audit_page(integer,bigint,bigint) to service_role;
