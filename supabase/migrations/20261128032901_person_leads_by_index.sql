-- Written by npm run db:migration from supabase/functions/ (edit those files, not this one).

-- supabase/functions/person_leads.sql
-- The requests, sent or not, made with this phone number (its last 10 digits, however it was
-- typed, or the number as texts reach it, an extension left out: leads.phone_e164) or this email
-- address; null when neither is given in a usable form.
create or replace function private.person_leads(p_phone text, p_email text)
returns bigint[] language sql stable security definer set search_path = '' as $$
  -- Three lookups, each by its own index: one condition joining them with "or" reads every request.
  select case when digits is null and email is null then null else array(
    select x.id from (
      select l.id from public.leads l
      where digits is not null and l.phone <> '' and right(regexp_replace(l.phone, '\D', '', 'g'), 10) = digits
      union
      select l.id from public.leads l where number is not null and l.phone_e164 = number
      union
      select l.id from public.leads l where email is not null and l.renter_email = email) x
    order by x.id) end
  from (select case when length(regexp_replace(coalesce(p_phone, ''), '\D', '', 'g')) >= 10
                    then right(regexp_replace(p_phone, '\D', '', 'g'), 10) end as digits,
               private.phone_e164(p_phone) as number,
               case when public.is_email_address(lower(trim(coalesce(p_email, '')))) then lower(trim(p_email)) end as email) q;
$$;

revoke execute on function private.person_leads(text,text) from public, anon, authenticated;
