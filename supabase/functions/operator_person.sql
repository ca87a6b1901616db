-- Everything the site holds for the person with this phone number or email address: their
-- requests (with the personal fields), their reviews, the messages sent about those requests and
-- their consent records. Refused with a code when neither is given in a usable form.
create or replace function public.operator_person(p_phone text, p_email text)
returns jsonb language plpgsql stable security definer set search_path = '' as $$
declare
  ids constant bigint[] := private.person_leads(p_phone, p_email);
begin
  if ids is null then
    raise exception 'Enter a phone number of at least 10 digits or an email address' using errcode = 'P0001', hint = 'person-query';
  end if;
  return jsonb_build_object(
    'requests', (select coalesce(jsonb_agg(jsonb_build_object('id', l.id, 'completed', l.completed, 'created_at', l.created_at,
        'completed_at', l.completed_at, 'name', l.name, 'phone', l.phone, 'email', l.renter_email, 'location', l.location,
        'rental_start_date', l.rental_start_date, 'rental_end_date', l.rental_end_date, 'withdrawn_at', l.withdrawn_at,
        'anonymized_at', l.anonymized_at) order by l.id), '[]'::jsonb) from public.leads l where l.id = any (ids)),
    'reviews', (select coalesce(jsonb_agg(jsonb_build_object('id', r.id, 'lead_id', r.lead_id, 'vendor_name', v.name, 'stars', r.stars,
        'author', r.author, 'status', r.status, 'created_at', r.created_at) order by r.id), '[]'::jsonb)
      from public.reviews r join public.vendors v on v.id = r.vendor_id where r.lead_id = any (ids)),
    'messages', (select coalesce(jsonb_agg(jsonb_build_object('id', m.id, 'lead_id', m.lead_id, 'kind', m.kind, 'channel', m.channel,
        'recipient', m.recipient, 'status', m.status, 'sent_at', m.sent_at) order by m.id), '[]'::jsonb)
      from public.outbox_messages m where m.lead_id = any (ids)),
    'consents', (select coalesce(jsonb_agg(jsonb_build_object('lead_id', c.lead_id, 'given_at', c.given_at, 'page', c.page,
        'text', c.text) order by c.lead_id), '[]'::jsonb) from public.lead_consents c where c.lead_id = any (ids)));
end;
$$;

revoke execute on function public.operator_person(text,text) from public, anon, authenticated;
grant execute on function public.operator_person(text,text) to service_role;
