-- The draft's id when p_owner_token is its owner's and it is not completed; refuses otherwise.
create or replace function public.owned_open_lead(p_lead_id bigint, p_owner_token text)
returns bigint language plpgsql stable set search_path = '' as $$
declare found_id bigint;
begin
  select l.id into found_id from public.leads l
  where l.id = p_lead_id and not l.completed
    and l.owner_token_hash = encode(sha256(convert_to(coalesce(p_owner_token, ''), 'UTF8')), 'hex');
  if found_id is null then
    raise exception 'Rental request not found' using errcode = 'PT404', hint = 'no-request';
  end if;
  return found_id;
end;
$$;

revoke execute on function public.owned_open_lead(bigint,text) from public, anon, authenticated;
