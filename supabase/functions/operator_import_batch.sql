-- Imports (or dry-runs) a batch of vendor CSV rows in one transaction; returns each row's outcome.
create or replace function public.operator_import_batch(p_rows jsonb, p_dry_run boolean)
returns jsonb language plpgsql security definer set search_path = '' as $$
declare
  results jsonb[] := '{}';
  r jsonb;
begin
  if jsonb_typeof(p_rows) <> 'array' or jsonb_array_length(p_rows) > 100 then
    raise exception 'An import batch holds at most 100 rows' using errcode = 'P0001', hint = 'import-size';
  end if;
  begin
    for r in select value from jsonb_array_elements(p_rows) loop
      results := results || public.import_vendor_row(r);
    end loop;
    if p_dry_run then
      raise exception 'dry run' using errcode = 'PTDRY';
    end if;
  exception when sqlstate 'PTDRY' then
    null; -- the dry run's writes are rolled back; its results stay
  end;
  return to_jsonb(results);
end;
$$;

revoke execute on function public.operator_import_batch(jsonb,boolean) from public, anon, authenticated;
grant execute on function public.operator_import_batch(jsonb,boolean) to service_role;
