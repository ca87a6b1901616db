-- Withdraws the open quote sent for an emailed "Send a quote" link's request and listing.
create or replace function public.quote_link_withdraw(p_token_hash text)
returns jsonb language plpgsql security definer set search_path = '' as $$
declare
  link public.auth_links;
begin
  select * into link from public.auth_links a
  where a.token_hash = p_token_hash and a.purpose = 'lead_quote' and a.expires_at > now();
  if link.token_hash is null then
    raise exception 'This link is invalid or has expired.' using errcode = 'PT404', hint = 'link-invalid';
  end if;
  return private.quote_withdraw(link.vendor_id, link.lead_id);
end;
$$;

revoke execute on function public.quote_link_withdraw(text) from public, anon, authenticated;
grant execute on function public.quote_link_withdraw(text) to service_role;
