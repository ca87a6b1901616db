-- One listing for the console: every field it edits, its service ZIP codes and its address.
create or replace function public.operator_vendor(p_id bigint)
returns jsonb language sql stable security definer set search_path = '' as $$
  select jsonb_build_object('id', v.id, 'name', v.name, 'slug', v.slug, 'site', v.site, 'email', v.email, 'phone', v.phone,
    'street', v.street, 'hours', v.hours, 'photo', v.photo, 'hidden', v.hidden, 'rating', v.rating,
    'description', (select d.description from public.vendors_additionaldetails d where d.vendor_id = v.id),
    'service_zips', (select coalesce(jsonb_agg(p.code order by p.code), '[]'::jsonb)
                     from public.vendors_serviced s join public.postcodes p on p.id = s.postcode_id where s.vendor_id = v.id))
    || jsonb_build_object('address', public.vendor_address(v.id))
  from public.vendors v where v.id = p_id;
$$;

revoke execute on function public.operator_vendor(bigint) from public, anon, authenticated;
grant execute on function public.operator_vendor(bigint) to service_role;
