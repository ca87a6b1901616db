-- Erases everything the site holds for the person with this phone number or email address
-- (erase_requests on each of their requests not yet erased), audit-logged with the operator, the time and the
-- counts, never the person's details. An address with nothing on file is refused with a code.
create or replace function public.operator_erase_person(p_phone text, p_email text, p_operator text)
returns jsonb language plpgsql security definer set search_path = '' as $$
declare
  ids constant bigint[] := private.person_leads(p_phone, p_email);
  live bigint[];
  done jsonb;
begin
  if ids is null then
    raise exception 'Enter a phone number of at least 10 digits or an email address' using errcode = 'P0001', hint = 'person-query';
  end if;
  live := array(select l.id from public.leads l where l.id = any (ids) and l.state <> 'erased');
  if cardinality(live) = 0 then
    raise exception 'Nothing is on file for this phone number or email address' using errcode = 'PT404', hint = 'nothing-on-file';
  end if;
  done := private.erase_requests(live, 'erase');
  perform public.audit(p_operator, 'erase_person', null, done);
  return done;
end;
$$;

revoke execute on function public.operator_erase_person(text,text,text) from public, anon, authenticated;
grant execute on function public.operator_erase_person(text,text,text) to service_role;
