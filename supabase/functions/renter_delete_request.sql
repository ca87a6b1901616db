-- The renter deletes their own request (proven as renter_owns_lead proves it) once its rental
-- has ended, it was withdrawn or its booking cancelled: it is erased (erase_requests) and no longer
-- opens from their browser or the emailed link. Refused with a code before then.
create or replace function public.renter_delete_request(p_lead_id bigint, p_owner_token text, p_link_hash text)
returns void language plpgsql security definer set search_path = '' as $$
begin
  if not private.renter_owns_lead(p_lead_id, p_owner_token, p_link_hash) then
    raise exception 'Rental request not found' using errcode = 'PT404', hint = 'no-request';
  end if;
  perform private.erase_requests(array[p_lead_id], 'delete');
end;
$$;

revoke execute on function public.renter_delete_request(bigint,text,text) from public, anon, authenticated;
grant execute on function public.renter_delete_request(bigint,text,text) to service_role;
