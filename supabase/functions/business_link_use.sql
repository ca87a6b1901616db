-- Uses an emailed link, once. A wrong, used, expired or other-purpose token is refused
-- alike. A sign-in link returns its email. A claim link makes its email the listing's
-- owner when nobody owns it yet; the listing's row is locked, so of two claims at once
-- exactly one wins, and a claim after that goes to the operator. Returns
-- {email, vendor_id, outcome: 'signed_in' | 'owner' | 'queued'}.
create or replace function public.business_link_use(p_token_hash text, p_purpose text)
returns jsonb language plpgsql security definer set search_path = '' as $$
declare
  link public.auth_links;
  v public.vendors;
begin
  update public.auth_links a set used_at = now()
  where a.token_hash = p_token_hash and a.purpose = p_purpose and a.used_at is null and a.expires_at > now()
  returning * into link;
  if link.token_hash is null then
    raise exception 'This link is invalid or has expired.' using errcode = 'PT404';
  end if;
  if link.purpose = 'sign_in' then
    return jsonb_build_object('email', link.email, 'outcome', 'signed_in');
  end if;
  select * into v from public.vendors x where x.id = link.vendor_id for update;
  if v.claimed_at is not null or exists (select 1 from public.vendor_managers m where m.vendor_id = v.id and m.role = 'owner') then
    insert into public.vendor_claims (vendor_id, email, name, note)
    values (v.id, link.email, link.email, 'Confirmed by the emailed link after the listing was claimed');
    return jsonb_build_object('email', link.email, 'vendor_id', v.id, 'outcome', 'queued');
  end if;
  insert into public.vendor_managers (vendor_id, email, role, added_by) values (v.id, link.email, 'owner', 'claim link');
  update public.vendors x set claimed_at = now(), updated_at = now() where x.id = v.id;
  perform public.audit('business ' || link.email, 'claim', 'vendor ' || v.id, jsonb_build_object('by', 'emailed link'));
  return jsonb_build_object('email', link.email, 'vendor_id', v.id, 'outcome', 'owner');
end;
$$;

revoke execute on function public.business_link_use(text, text) from public, anon, authenticated;
grant execute on function public.business_link_use(text, text) to service_role;
