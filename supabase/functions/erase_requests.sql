-- Erases these requests: drafts are deleted; sent ones are erased in place (erase_leads), their
-- reviews deleted (off every public page; the listings' figures follow) and their emailed links
-- revoked. Returns how many requests and reviews it erased.
create or replace function private.erase_requests(p_ids bigint[])
returns jsonb language plpgsql security definer set search_path = '' as $$
declare
  drafts int;
  erased int;
  reviews int;
begin
  perform 1 from public.leads l where l.id = any (p_ids) order by l.id for update;
  delete from public.leads l where l.id = any (p_ids) and not l.completed;
  get diagnostics drafts = row_count;
  delete from public.reviews r where r.lead_id = any (p_ids);
  get diagnostics reviews = row_count;
  delete from public.auth_links a where a.lead_id = any (p_ids) and a.purpose = 'lead_status';
  erased := private.erase_leads(p_ids);
  return jsonb_build_object('requests', drafts + erased, 'reviews', reviews);
end;
$$;

revoke execute on function private.erase_requests(bigint[]) from public, anon, authenticated;
