-- A US phone number as E.164 (+1 and ten digits), written once from what was typed; null when
-- it is not a North American number that could be dialled.
create or replace function private.phone_e164(p_phone text)
returns text language sql immutable set search_path = '' as $$
  select case
    when d ~ '^1?[2-9][0-9]{2}[2-9][0-9]{6}$' then '+1' || right(d, 10)
  end
  from (select regexp_replace(coalesce(p_phone, ''), '\s*(x|ext\.?|extension|#)\s*[0-9]+\s*$', '', 'i') as typed) t,
       lateral (select regexp_replace(t.typed, '[^0-9]', '', 'g') as d) digits;
$$;
revoke execute on function private.phone_e164(text) from public, anon, authenticated;
