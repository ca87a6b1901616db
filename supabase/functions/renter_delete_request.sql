-- The renter deletes their own request (proven as renter_owns_lead proves it) once its rental
-- has ended or it was withdrawn: it is erased (erase_requests) and no longer opens from their
-- browser or the emailed link. Refused with a code before then.
create or replace function public.renter_delete_request(p_lead_id bigint, p_owner_token text, p_link_hash text)
returns void language plpgsql security definer set search_path = '' as $$
declare
  l public.leads;
begin
  if not private.renter_owns_lead(p_lead_id, p_owner_token, p_link_hash) then
    raise exception 'Rental request not found' using errcode = 'PT404', hint = 'no-request';
  end if;
  select * into l from public.leads x where x.id = p_lead_id for update;
  if l.withdrawn_at is null and l.rental_end_date >= current_date then
    raise exception 'A request can be deleted once its rental has ended or it was withdrawn' using errcode = 'P0001',
      hint = 'delete-too-early';
  end if;
  perform private.erase_requests(array[l.id]);
  -- The browser's secret no longer opens it.
  update public.leads x set owner_token_hash = encode(sha256(convert_to(gen_random_uuid()::text, 'UTF8')), 'hex')
  where x.id = l.id;
end;
$$;

revoke execute on function public.renter_delete_request(bigint,text,text) from public, anon, authenticated;
grant execute on function public.renter_delete_request(bigint,text,text) to service_role;
