-- Stops or resumes a listing's rental requests.
create or replace function public.business_set_leads_paused(p_email text, p_vendor_id bigint, p_paused boolean)
returns void language plpgsql security definer set search_path = '' as $$
begin
  perform public.business_require_manager(p_email, p_vendor_id);
  update public.vendors v set leads_paused_at = case when p_paused then coalesce(v.leads_paused_at, now()) end, updated_at = now()
  where v.id = p_vendor_id;
  perform public.audit('business ' || lower(trim(p_email)), case when p_paused then 'pause_leads' else 'resume_leads' end, 'vendor ' || p_vendor_id);
end;
$$;

revoke execute on function public.business_set_leads_paused(text,bigint,boolean) from public, anon, authenticated;
grant execute on function public.business_set_leads_paused(text,bigint,boolean) to service_role;
