-- The public address parts of a vendor, for the pages to revalidate.
create or replace function public.vendor_address(p_vendor_id bigint)
returns jsonb language sql stable security definer set search_path = '' as $$
  select jsonb_build_object('id', v.id, 'slug', v.slug, 'name', v.name, 'city_slug', c.slug, 'state_slug', s.slug,
                            'country_slug', co.slug, 'hidden', v.hidden)
  from public.vendors v join public.postcodes p on p.id = v.postcode_id join public.cities c on c.id = p.city_id
  join public.states s on s.id = c.state_id join public.countries co on co.id = s.country_id
  where v.id = p_vendor_id;
$$;

revoke execute on function public.vendor_address(bigint) from public, anon, authenticated;
