-- Writes belong to the server. On hosted Supabase the anon key is public and the
-- default privileges hand every new function and table to anon and authenticated, so
-- this migration takes everything back and grants, by name, only what visitors read.
-- Write and operator functions are executed by service_role, whose key only the
-- server holds.

-- Extensions live in their own schema, as Supabase's advisor expects. A trusted
-- extension's objects belong to the bootstrap superuser, so it cannot be moved by the
-- project owner: it is dropped and created again there, with its index.
create schema if not exists extensions;
grant usage on schema extensions to anon, authenticated, service_role;
drop index public.cities_name_trgm_idx;
drop extension pg_trgm;
create extension pg_trgm with schema extensions;
create index cities_name_trgm_idx on public.cities using gin (name extensions.gin_trgm_ops);

-- Nothing in public is executable or writable by default any more, now or later.
revoke execute on all functions in schema public from public, anon, authenticated;
revoke all on all tables in schema public from anon, authenticated;
revoke all on all sequences in schema public from anon, authenticated;
alter default privileges in schema public revoke execute on functions from public, anon, authenticated;
alter default privileges in schema public revoke all on tables from anon, authenticated;
alter default privileges in schema public revoke all on sequences from anon, authenticated;

-- The sitemap reads public rows only: an ordinary view and invoker functions suffice.
alter view public.sitemap_entries set (security_invoker = true);
alter function public.sitemap_size() security invoker;
drop function public.sitemap_paths(int, int);
-- One call returns at most 1,000 rows (PostgREST's max-rows): callers page.
create function public.sitemap_paths(p_offset int, p_limit int)
returns table (path text, updated_at timestamptz) language sql stable set search_path = '' as $$
  select e.path, e.updated_at from public.sitemap_entries e
  order by e.kind, e.path
  offset greatest(coalesce(p_offset, 0), 0)
  limit least(greatest(coalesce(p_limit, 0), 0), 1000);
$$;

-- Visitors read the public directory tables and views.
do $$
declare t text;
begin
  foreach t in array array[
    'countries', 'states', 'cities', 'cities_additionaldetails', 'postcodes', 'vendors',
    'vendors_additionaldetails', 'vendors_serviced', 'hero_config', 'skidsteer_config',
    'state_seo_config', 'articles', 'models_skidsteers', 'equipment_manufacturer',
    'equipment_type', 'equipment_models', 'vendors_servicedenhanced', 'vendors_by_state',
    'states_with_vendors', 'cities_with_vendors', 'sitemap_entries']
  loop
    execute format('grant select on table public.%I to anon, authenticated', t);
  end loop;
end;
$$;

-- Visitors call the read functions.
grant execute on function
  public.article_by_slug(text),
  public.articles_list(),
  public.city_page(text, text, text, int, int),
  public.country_page(text),
  public.equipment_by_slug(text),
  public.equipment_list(),
  public.equipment_model_json(public.equipment_models),
  public.find_city_for_zip(text, double precision, double precision),
  public.footer_states(),
  public.hero_for(text),
  public.popular_models(),
  public.rental_date_window(),
  public.search_cities(text, text),
  public.sitemap_paths(int, int),
  public.sitemap_size(),
  public.state_cities(text),
  public.state_page(text, text, int, int),
  public.us_states(),
  public.vendor_card(public.vendors),
  public.vendor_page(text, text, text, text),
  public.vendor_page_slice(bigint[], int, int)
to anon, authenticated, service_role;

-- Abuse limits hold whatever the caller passes: a client key is required, and attempts
-- of one key are serialized so concurrent calls cannot all pass the count.
create or replace function public.count_write_attempt(p_kind text, p_client_key text, p_window interval, p_limit int, p_message text)
returns void language plpgsql set search_path = '' as $$
begin
  if p_client_key is null or length(p_client_key) not between 8 and 128 then
    raise exception 'A client key is required' using errcode = 'P0001';
  end if;
  perform pg_advisory_xact_lock(hashtextextended(p_kind || ':' || p_client_key, 0));
  delete from public.write_attempts a
  where a.kind = p_kind and a.client_key = p_client_key and a.created_at <= now() - p_window;
  if (select count(*) from public.write_attempts a
      where a.kind = p_kind and a.client_key = p_client_key) >= p_limit then
    raise exception '%', p_message using errcode = 'PT429';
  end if;
  insert into public.write_attempts (kind, client_key) values (p_kind, p_client_key);
end;
$$;

-- The server's writes and the operator functions.
grant execute on function
  public.create_lead(text, text, bigint),
  public.update_lead(bigint, text, int, text, date, date, text, text),
  public.complete_lead(bigint, text, text, date, date, text, text),
  public.submit_vendor(text, text, text, text, text, text, text, text),
  public.pending_lead_deliveries(int),
  public.record_lead_delivery(bigint, boolean, text),
  public.lead_delivery_report(),
  public.operator_leads(int),
  public.operator_submissions(int)
to service_role;
