-- Refuses rental dates outside the window rental_date_window gives, or an end not after the start.
create or replace function public.check_rental_dates(p_start date, p_end date)
returns void language plpgsql stable set search_path = '' as $$
declare w record;
begin
  select * into w from public.rental_date_window();
  if p_start is not null and p_start < w.earliest then
    raise exception 'The start date cannot be in the past' using errcode = 'P0001', hint = 'start-past';
  end if;
  if p_start is not null and p_start > w.latest then
    raise exception 'The start date cannot be more than one year ahead' using errcode = 'P0001', hint = 'start-far';
  end if;
  if p_end is not null and p_end > w.latest then
    raise exception 'The end date cannot be more than one year ahead' using errcode = 'P0001', hint = 'end-far';
  end if;
  if p_start is not null and p_end is not null and p_end <= p_start then
    raise exception 'The end date must be after the start date' using errcode = 'P0001', hint = 'end-before-start';
  end if;
end;
$$;

revoke execute on function public.check_rental_dates(date,date) from public, anon, authenticated;
