-- Records a rental's photos for one record (delivery, problem): at least p_least of them, and at
-- most 8 for the record in all.
create or replace function private.add_rental_photos(p_lead_id bigint, p_record text, p_paths text[], p_least int)
returns void language plpgsql security definer set search_path = '' as $$
declare
  given constant int := coalesce(cardinality(p_paths), 0);
begin
  if given < p_least then
    raise exception 'Add at least % photo', p_least using errcode = 'P0001', hint = 'photos-missing';
  end if;
  if given + (select count(*) from public.rental_photos p where p.lead_id = p_lead_id and p.record = p_record) > 8 then
    raise exception 'At most 8 photos' using errcode = 'P0001', hint = 'photos-too-many';
  end if;
  insert into public.rental_photos (lead_id, record, path) select p_lead_id, p_record, x from unnest(p_paths) x;
end;
$$;

revoke execute on function private.add_rental_photos(bigint,text,text[],int) from public, anon, authenticated;
