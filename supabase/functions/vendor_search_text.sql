-- Trigger: keeps a listing's search_text, its name, city's name and website in one text, for the console's search.
create or replace function private.vendor_search_text()
returns trigger language plpgsql security definer set search_path = '' as $$
begin
  new.search_text := concat_ws(' ', new.name,
    (select c.name from public.postcodes p join public.cities c on c.id = p.city_id where p.id = new.postcode_id),
    public.website_key(new.site));
  return new;
end;
$$;
revoke execute on function private.vendor_search_text() from public, anon, authenticated;
