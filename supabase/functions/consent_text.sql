-- The consent sentence the rental dialog shows beside its submit button (lib/rental/consent.ts words
-- it alike, tested), naming the vendors the request goes to, in their order, and the site, and saying it may be
-- handed on to more vendors (private.hand_on). A request
-- is sent only with this sentence, rebuilt here from the vendors it is routed to.
create or replace function private.consent_text(p_vendor_names text[])
returns text language sql immutable set search_path = '' as $$
  select 'By submitting, I agree that '
    || case when cardinality(p_vendor_names) > 0 then array_to_string(p_vendor_names, ', ') || ' and ' else '' end
    || 'Skid Steer Rentals may call or text me at the phone number above about this rental request, '
    || 'including with automated technology. If a vendor does not answer within 4 business hours or is not available, '
    || 'the request may go to up to 3 more vendors near the job site, who may contact me the same way. '
    || 'Consent is not a condition of renting.';
$$;

revoke execute on function private.consent_text(text[]) from public, anon, authenticated;
grant execute on function private.consent_text(text[]) to service_role;
