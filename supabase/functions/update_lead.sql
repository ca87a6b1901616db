-- Saves one step's or field's change to the browser's own draft rental request.
create or replace function public.update_lead(
  p_lead_id bigint, p_owner_token text, p_step int,
  p_skid_steer_type text default null, p_rental_start_date date default null,
  p_rental_end_date date default null, p_name text default null, p_phone text default null,
  p_location text default null, p_widen boolean default null)
returns void language plpgsql security definer set search_path = '' as $$
declare lead_id bigint;
begin
  lead_id := public.owned_open_lead(p_lead_id, p_owner_token);
  perform private.lead_move(lead_id, 'edit');
  if p_step is null or p_step not between 1 and 3 then
    raise exception 'Step must be 1, 2 or 3' using errcode = 'P0001', hint = 'lead-step';
  end if;
  if p_skid_steer_type is not null and p_skid_steer_type not in ('wheeled', 'tracked') then
    raise exception 'Skid steer type must be wheeled or tracked' using errcode = 'P0001', hint = 'machine-type';
  end if;
  if length(p_name) > 100 then
    raise exception 'Name is too long' using errcode = 'P0001', hint = 'too-long';
  end if;
  if length(p_phone) > 30 then
    raise exception 'Phone number is too long' using errcode = 'P0001', hint = 'too-long';
  end if;
  if p_location is not null then
    perform public.check_job_zip(p_location);
  end if;
  perform public.check_rental_dates(p_rental_start_date, p_rental_end_date);
  update public.leads l set
    step = p_step,
    skid_steer_type = coalesce(p_skid_steer_type, l.skid_steer_type),
    rental_start_date = coalesce(p_rental_start_date, l.rental_start_date),
    rental_end_date = coalesce(p_rental_end_date, l.rental_end_date),
    name = coalesce(p_name, l.name),
    phone = coalesce(p_phone, l.phone),
    location = coalesce(p_location, l.location),
    widen = coalesce(p_widen, l.widen),
    updated_at = now()
  where l.id = lead_id;
end;
$$;

revoke execute on function public.update_lead(bigint,text,integer,text,date,date,text,text,text,boolean) from public, anon, authenticated;
grant execute on function public.update_lead(bigint,text,integer,text,date,date,text,text,text,boolean) to service_role;
