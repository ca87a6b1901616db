-- Stores the hash of the link a vendor's text of a request carries: the request's quote form,
-- as the email's "Send a quote" (30 days, any number of times). Returns false when the vendor has
-- no email address to hold it (its text then points to /business).
create or replace function public.lead_text_link(p_lead_id bigint, p_vendor_id bigint, p_quote_hash text)
returns boolean language plpgsql security definer set search_path = '' as $$
begin
  insert into public.auth_links (token_hash, purpose, email, vendor_id, lead_id, expires_at)
  select p_quote_hash, 'lead_quote', v.email, v.id, p_lead_id, now() + interval '30 days'
  from public.vendors v join public.lead_recipients r on r.vendor_id = v.id and r.lead_id = p_lead_id
  where v.id = p_vendor_id and v.email is not null;
  return found;
end;
$$;

revoke execute on function public.lead_text_link(bigint,bigint,text) from public, anon, authenticated;
grant execute on function public.lead_text_link(bigint,bigint,text) to service_role;
