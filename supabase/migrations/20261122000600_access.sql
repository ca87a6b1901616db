-- Who may do what. Visitors (anon, authenticated) read the public directory and call
-- the site's functions; the write-side tables are reachable only through those functions.

do $$
declare t text;
begin
  foreach t in array array[
    'countries', 'states', 'cities', 'cities_additionaldetails', 'postcodes', 'vendors',
    'vendors_additionaldetails', 'vendors_serviced', 'hero_config', 'skidsteer_config',
    'state_seo_config', 'articles', 'models_skidsteers', 'equipment_manufacturer',
    'equipment_type', 'equipment_models']
  loop
    execute format('alter table public.%I enable row level security', t);
    execute format('revoke all on table public.%I from anon, authenticated', t);
    execute format('grant select on table public.%I to anon, authenticated', t);
    execute format('create policy "Anyone can read %s" on public.%I for select to anon, authenticated using (true)', t, t);
  end loop;

  foreach t in array array['leads', 'lead_deliveries', 'vendors_submissions', 'write_attempts']
  loop
    execute format('alter table public.%I enable row level security', t);
    execute format('revoke all on table public.%I from anon, authenticated', t);
  end loop;
end;
$$;

revoke all on public.vendors_servicedenhanced, public.vendors_by_state, public.states_with_vendors,
  public.cities_with_vendors from anon, authenticated;
grant select on public.vendors_servicedenhanced, public.vendors_by_state, public.states_with_vendors,
  public.cities_with_vendors to anon, authenticated;

-- Functions are executable by PUBLIC by default; narrow the write-side ones.
revoke execute on function
  public.create_lead(text, text, bigint),
  public.update_lead(bigint, text, int, text, date, date, text, text),
  public.complete_lead(bigint, text, text, date, date, text, text),
  public.submit_vendor(text, text, text, text, text, text, text, text),
  public.count_write_attempt(text, text, interval, int, text),
  public.owned_open_lead(bigint, text),
  public.pending_lead_deliveries(int),
  public.record_lead_delivery(bigint, boolean, text),
  public.lead_delivery_report()
from public, anon, authenticated;

grant execute on function
  public.create_lead(text, text, bigint),
  public.update_lead(bigint, text, int, text, date, date, text, text),
  public.complete_lead(bigint, text, text, date, date, text, text),
  public.submit_vendor(text, text, text, text, text, text, text, text)
to anon, authenticated;

grant execute on function
  public.pending_lead_deliveries(int),
  public.record_lead_delivery(bigint, boolean, text),
  public.lead_delivery_report()
to service_role;
