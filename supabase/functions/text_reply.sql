-- A text received (its signature checked by the server), from p_phone (E.164), read as carriers
-- read opt-outs: its letters alone (NFKC-normalized, so full-width letters count; punctuation,
-- digits and spacing dropped). The whole message being STOP or a synonym (STOPALL, UNSUBSCRIBE,
-- CANCEL, END, QUIT, OPT OUT, REVOKE), or its first word STOP, STOPALL or UNSUBSCRIBE, stops every
-- text to the number at once; the whole message START, YES, UNSTOP or OPT IN resumes them (and
-- clears a number recorded as unreachable: it just texted); HELP or INFO asks for help; anything
-- else ("End date is Friday", "Yes I can deliver") is answered as HELP is. Each is recorded once
-- by the provider's id (a replayed callback changes nothing). Returns what it was.
create or replace function public.text_reply(p_phone text, p_body text, p_provider_id text)
returns text language plpgsql security definer set search_path = '' as $$
declare
  words constant text[] := regexp_split_to_array(trim(regexp_replace(
    regexp_replace(upper(normalize(left(coalesce(p_body, ''), 1600), NFKC)), '[^A-Z[:space:]]', '', 'g'), '[[:space:]]+', ' ', 'g')), ' ');
  whole constant text := array_to_string(words, '');
  keyword constant text := case
    when whole in ('STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'OPTOUT', 'REVOKE')
      or words[1] in ('STOP', 'STOPALL', 'UNSUBSCRIBE') then 'stop'
    when whole in ('START', 'YES', 'UNSTOP', 'OPTIN') then 'start'
    when whole in ('HELP', 'INFO') then 'help'
    else 'other' end;
begin
  if p_phone is null or p_phone !~ '^\+[1-9][0-9]{7,14}$' then
    raise exception 'Not a phone number' using errcode = 'P0001', hint = 'phone';
  end if;
  if p_provider_id is null or length(p_provider_id) not between 1 and 64 then
    raise exception 'The text has no id' using errcode = 'P0001', hint = 'text-status';
  end if;
  insert into public.text_replies (phone, keyword, provider_id) values (p_phone, keyword, p_provider_id)
  on conflict (provider_id) do nothing;
  if not found then
    return keyword;
  end if;
  if keyword = 'stop' then
    perform private.text_number_off(p_phone, 'stopped');
  elsif keyword = 'start' then
    update public.text_numbers n set stopped_at = null, unreachable_at = null, unreachable_code = null, updated_at = now()
    where n.phone = p_phone;
  end if;
  return keyword;
end;
$$;

revoke execute on function public.text_reply(text,text,text) from public, anon, authenticated;
grant execute on function public.text_reply(text,text,text) to service_role;
