-- Stores the hashes of the links a lead's email to a vendor carries, minted when the email
-- is rendered (so no raw token is ever stored): "I've contacted this customer" and "Send a
-- quote" (30 days; the quote link opens that request's quote form any number of times),
-- "Stop sending me requests" (one year, any number of times) and, while nobody has claimed
-- the listing, "Claim your listing" (7 days). Returns whether the claim link was stored.
create or replace function public.lead_email_links(p_lead_id bigint, p_vendor_id bigint, p_contacted_hash text, p_opt_out_hash text,
  p_claim_hash text, p_quote_hash text)
returns jsonb language plpgsql security definer set search_path = '' as $$
declare
  v public.vendors;
begin
  select x.* into v from public.vendors x
  join public.lead_recipients r on r.vendor_id = x.id and r.lead_id = p_lead_id
  where x.id = p_vendor_id and x.email is not null;
  if v.id is null then
    raise exception 'No such recipient' using errcode = 'PT404', hint = 'no-record';
  end if;
  insert into public.auth_links (token_hash, purpose, email, vendor_id, lead_id, expires_at) values
    (p_contacted_hash, 'lead_contacted', v.email, v.id, p_lead_id, now() + interval '30 days'),
    (p_quote_hash, 'lead_quote', v.email, v.id, p_lead_id, now() + interval '30 days'),
    (p_opt_out_hash, 'opt_out', v.email, v.id, null, now() + interval '1 year');
  if v.claimed_at is null then
    insert into public.auth_links (token_hash, purpose, email, vendor_id, expires_at)
    values (p_claim_hash, 'claim', v.email, v.id, now() + interval '7 days');
  end if;
  return jsonb_build_object('claim', v.claimed_at is null);
end;
$$;

revoke execute on function public.lead_email_links(bigint,bigint,text,text,text,text) from public, anon, authenticated;
grant execute on function public.lead_email_links(bigint,bigint,text,text,text,text) to service_role;
