-- A vendor slug from a name that no listing has yet (-2, -3, … added when taken).
create or replace function public.unique_vendor_slug(p_base text)
returns text language plpgsql stable set search_path = '' as $$
declare
  base text := left(nullif(public.slugify(p_base), ''), 80);
  candidate text;
  n int := 1;
begin
  base := coalesce(base, 'vendor');
  candidate := base;
  while exists (select 1 from public.vendors v where v.slug = candidate) loop
    n := n + 1;
    candidate := base || '-' || n;
  end loop;
  return candidate;
end;
$$;

revoke execute on function public.unique_vendor_slug(text) from public, anon, authenticated;
