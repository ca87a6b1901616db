-- The console's listings matching a search (any part of the name, the city's name or the
-- website, held together in search_text), by name, one page read by keyset: the page after
-- listing p_after, or before listing p_before, or the first. The search is planned with its
-- own text, so a rare one reads the trigram index and a common one walks the names in order. A
-- search of several words reads the index for its rarest word alone and checks the whole text on
-- those rows: reading the trigrams of a word nearly every listing holds ("rentals") costs what
-- reading the whole table does.
-- 'total' counts at most 1,001 matches ('total_capped' past 1,000), each row's 'leads' at
-- most 10,001 requests.
create or replace function public.operator_vendor_page(p_query text, p_limit int, p_after bigint default null, p_before bigint default null)
returns jsonb language plpgsql stable security definer set search_path = '' as $$
declare
  query constant text := nullif(trim(coalesce(p_query, '')), '');
  site_query constant text := public.website_key(p_query);
  page_size constant int := least(greatest(coalesce(p_limit, 50), 1), 1000);
  count_cap constant int := 1000;
  backwards constant boolean := p_after is null and p_before is not null;
  like_text constant text := private.like_contains(query);
  index_word constant text := private.vendor_search_index_word(query);
  matching text := 'select v.id, v.name from public.vendors v where v.postcode_id is not null';
  anchor_name text;
  page_ids bigint[];
  hits bigint[];
  matches int;
begin
  if query is not null and site_query is not null and site_query <> lower(query) then
    matching := matching || format(' and (v.search_text ilike %L or v.search_text like %L)', like_text, '%' || site_query || '%');
  elsif index_word is not null then
    -- The whole text is checked on an expression the trigram index does not hold, so that only
    -- the index word's trigrams are read from it.
    matching := matching || format(' and v.search_text ilike %L and (v.search_text || '''') ilike %L',
      private.like_contains(index_word), like_text);
  elsif query is not null then
    matching := matching || format(' and v.search_text ilike %L', like_text);
  end if;
  select v.name into anchor_name from public.vendors v where v.id = coalesce(p_after, p_before);

  -- The matches up to the cap, read once: when that is all of them, the page is read from them;
  -- past the cap, by walking the names in order (a common search finds its page at once).
  execute format('select array(select m.id from (%s limit %s) m)', matching, count_cap + 1) into hits;
  matches := cardinality(hits);
  if matches <= count_cap then
    matching := 'select v.id, v.name from public.vendors v where v.id = any ($4)';
  end if;
  if backwards then
    execute format('select array(select m.id from (%s) m where (m.name, m.id) < ($1, $2) order by m.name desc, m.id desc limit $3)', matching)
      into page_ids using anchor_name, p_before, page_size + 1, hits;
  else
    execute format('select array(select m.id from (%s) m where $1::text is null or (m.name, m.id) > ($1, $2) order by m.name, m.id limit $3)', matching)
      into page_ids using anchor_name, p_after, page_size + 1, hits;
  end if;

  return jsonb_build_object(
    'total', least(matches, count_cap),
    'total_capped', matches > count_cap,
    'next', case when backwards then anchor_name is not null else cardinality(page_ids) > page_size end,
    'previous', case when backwards then cardinality(page_ids) > page_size else anchor_name is not null end,
    'rows', coalesce((select jsonb_agg(jsonb_build_object('id', v.id, 'name', v.name, 'slug', v.slug, 'site', v.site,
        'phone', v.phone, 'hidden', v.hidden, 'city_name', c.name, 'state_code', st.code,
        'leads', (select count(*) from (select 1 from public.lead_recipients r
                  where r.vendor_id = v.id and not r.spam limit 10001) x)) order by v.name, v.id)
      from public.vendors v join public.postcodes p on p.id = v.postcode_id
      join public.cities c on c.id = p.city_id join public.states st on st.id = c.state_id
      where v.id = any (page_ids[1:page_size])), '[]'::jsonb));
end;
$$;

revoke execute on function public.operator_vendor_page(text,integer,bigint,bigint) from public, anon, authenticated;
grant execute on function public.operator_vendor_page(text,integer,bigint,bigint) to service_role;
