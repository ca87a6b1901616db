-- The provider refused to send a text to p_phone with this error code: 21610 (the number replied
-- STOP to the provider) records it as stopped; the codes of a number that cannot receive texts
-- (invalid, not a mobile number, landline, unknown destination) record it as unreachable.
-- Returns whether the number was recorded.
create or replace function public.text_refused(p_phone text, p_code text)
returns boolean language plpgsql security definer set search_path = '' as $$
begin
  if p_phone is null or p_phone !~ '^\+[1-9][0-9]{7,14}$' then
    return false;
  end if;
  if p_code = '21610' then
    perform private.text_number_off(p_phone, 'stopped');
  elsif p_code in ('21211', '21612', '21614', '30005', '30006') then
    perform private.text_number_off(p_phone, 'unreachable', p_code);
  else
    return false;
  end if;
  return true;
end;
$$;

revoke execute on function public.text_refused(text,text) from public, anon, authenticated;
grant execute on function public.text_refused(text,text) to service_role;
