-- Whether the request's life allows this action now: refuses with the code private.lead_move would,
-- and changes nothing (the move is made and undone). Lets a caller refuse before costly work
-- (decoding and storing photos).
create or replace function private.lead_check(p_lead_id bigint, p_action text)
returns void language plpgsql security definer set search_path = '' as $$
begin
  perform private.lead_move(p_lead_id, p_action);
  raise exception 'dry run' using errcode = 'PTDRY';
exception when sqlstate 'PTDRY' then
  null;
end;
$$;

revoke execute on function private.lead_check(bigint,text) from public, anon, authenticated;
