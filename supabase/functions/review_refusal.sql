-- Whether the renter may review this vendor for this request now: null when they may,
-- else the refusal's code. Only a vendor that received the request (its email was sent,
-- or it answered); once the vendor marked it contacted, or from the rental's start date
-- on; not when the request was withdrawn before the vendor answered.
create or replace function public.review_refusal(p_lead_id bigint, p_vendor_id bigint)
returns text language sql stable set search_path = '' as $$
  select case
    when r.vendor_id is null
      or (r.responded_at is null and not exists (
            select 1 from public.outbox_messages m
            where m.lead_id = l.id and m.vendor_id = r.vendor_id and m.kind = 'lead' and m.status = 'sent')) then 'review-not-recipient'
    when l.withdrawn_at is not null and (r.responded_at is null or r.responded_at > l.withdrawn_at) then 'review-withdrawn'
    when r.responded_at is null and l.rental_start_date > current_date then 'review-too-early'
  end
  from public.leads l
  left join public.lead_recipients r on r.lead_id = l.id and r.vendor_id = p_vendor_id
  where l.id = p_lead_id and l.completed;
$$;

revoke execute on function public.review_refusal(bigint,bigint) from public, anon, authenticated;
