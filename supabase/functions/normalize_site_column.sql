-- Trigger: stores a vendor's website normalized (normalize_website), refusing one with no valid host.
create or replace function public.normalize_site_column()
returns trigger language plpgsql set search_path = '' as $$
begin
  if new.site is not null then
    new.site := public.normalize_website(new.site);
    if new.site is null then
      raise exception 'Please enter a valid website URL (e.g. example.com)' using errcode = 'P0001', hint = 'website';
    end if;
  end if;
  return new;
end;
$$;

revoke execute on function public.normalize_site_column() from public, anon, authenticated;
