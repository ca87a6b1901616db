-- The renter writes (p_edit false) or edits (p_edit true) their review of one vendor that
-- received their request, proven as renter_owns_lead proves it. One review per request and vendor,
-- editable for 30 days; an edit goes back to the moderation queue. Limits: 10 reviews a
-- day per client, 5 in 30 days per phone number. Returns the review's id.
create or replace function public.renter_review_save(p_lead_id bigint, p_vendor_id bigint, p_owner_token text, p_link_hash text,
  p_client_key text, p_stars int, p_body text, p_edit boolean)
returns bigint language plpgsql security definer set search_path = '' as $$
declare
  lead public.leads;
  existing public.reviews;
  refusal text;
  v_body text := nullif(trim(coalesce(p_body, '')), '');
  v_id bigint;
begin
  if not private.renter_owns_lead(p_lead_id, p_owner_token, p_link_hash) then
    raise exception 'Rental request not found' using errcode = 'PT404', hint = 'no-request';
  end if;
  if p_stars is null or p_stars not between 1 and 5 then
    raise exception 'Choose 1 to 5 stars' using errcode = 'P0001', hint = 'review-stars';
  end if;
  if length(coalesce(v_body, '')) > 2000 then
    raise exception 'A field is too long' using errcode = 'P0001', hint = 'too-long';
  end if;
  lead := private.lead_move(p_lead_id, 'review');
  select * into existing from public.reviews r where r.lead_id = p_lead_id and r.vendor_id = p_vendor_id for update;
  if p_edit then
    if existing.id is null then
      raise exception 'No such review' using errcode = 'PT404', hint = 'no-record';
    end if;
    if existing.created_at < now() - interval '30 days' then
      raise exception 'A review can be edited for 30 days' using errcode = 'PT409', hint = 'review-locked';
    end if;
  elsif existing.id is not null then
    raise exception 'You have already reviewed this vendor for this request' using errcode = 'PT409', hint = 'review-exists';
  else
    refusal := public.review_refusal(p_lead_id, p_vendor_id);
    if refusal = 'review-not-recipient' then
      raise exception 'This vendor did not receive this request' using errcode = 'PT409', hint = 'review-not-recipient';
    elsif refusal = 'review-withdrawn' then
      raise exception 'The request was withdrawn before the vendor answered' using errcode = 'PT409', hint = 'review-withdrawn';
    elsif refusal = 'review-too-early' then
      raise exception 'The vendor has not contacted the renter and the rental has not started' using errcode = 'PT409', hint = 'review-too-early';
    end if;
  end if;
  perform public.count_write_attempt('review', p_client_key, interval '1 day', 10, 'Too many reviews from this connection');
  if p_edit then
    update public.reviews r set stars = p_stars, body = v_body, status = 'pending', published_at = null, reject_reason = null,
      held_reason = public.review_hold_reason(v_body, existing.id), updated_at = now()
    where r.id = existing.id;
    return existing.id;
  end if;
  if (select count(*) from public.reviews r join public.leads o on o.id = r.lead_id
      where regexp_replace(o.phone, '\D', '', 'g') = regexp_replace(lead.phone, '\D', '', 'g')
        and r.created_at > now() - interval '30 days') >= 5 then
    raise exception 'Too many reviews from this phone number' using errcode = 'PT429', hint = 'limit-review-phone';
  end if;
  insert into public.reviews (lead_id, vendor_id, stars, body, author, machine, requested_at, held_reason)
  values (p_lead_id, p_vendor_id, p_stars, v_body, public.reviewer_name(lead.name), lead.skid_steer_type, lead.completed_at,
          public.review_hold_reason(v_body, null))
  returning id into v_id;
  return v_id;
end;
$$;

revoke execute on function public.renter_review_save(bigint,bigint,text,text,text,integer,text,boolean) from public, anon, authenticated;
grant execute on function public.renter_review_save(bigint,bigint,text,text,text,integer,text,boolean) to service_role;
