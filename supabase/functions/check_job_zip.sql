-- The job ZIP must be a US ZIP we know.
create or replace function public.check_job_zip(p_zip text)
returns void language plpgsql stable set search_path = '' as $$
begin
  if p_zip is null or p_zip !~ '^[0-9]{5}$' or not exists (select 1 from public.postcodes p where p.code = p_zip) then
    raise exception 'Please enter a valid US ZIP code for the job site' using errcode = 'P0001', hint = 'job-zip';
  end if;
end;
$$;

revoke execute on function public.check_job_zip(text) from public, anon, authenticated;
