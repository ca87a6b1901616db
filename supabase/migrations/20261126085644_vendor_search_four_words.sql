-- Written by npm run db:migration from supabase/functions/ (edit those files, not this one).

-- supabase/functions/vendor_search_index_word.sql
-- Of a console search of several words, the word whose trigrams the listing search reads from the
-- index instead of the whole text's: of its four longest words, the one fewest listings hold
-- (each counted up to 100, ties to the longer), when it is held by fewer than 100. Null for a
-- search of one word or of words all common, which read the index (or the names in order) as
-- they are.
create or replace function private.vendor_search_index_word(p_query text)
returns text language plpgsql stable set search_path = '' as $$
declare
  -- At most the four longest words are counted: each count is a query of its own.
  words constant text[] := array(select w from (select distinct w from regexp_split_to_table(lower(trim(p_query)), '\s+') w
                                                where length(w) >= 3) x order by length(w) desc, w limit 4);
  word text;
  hits int;
  rarest text;
  rarest_hits int := 100;
begin
  if cardinality(words) < 2 then
    return null;
  end if;
  foreach word in array words loop
    execute format('select count(*) from (select 1 from public.vendors v where v.search_text ilike %L limit 100) x',
      private.like_contains(word)) into hits;
    if hits < rarest_hits or (hits = rarest_hits and rarest is not null and length(word) > length(rarest)) then
      rarest := word;
      rarest_hits := hits;
    end if;
  end loop;
  return rarest;
end;
$$;
revoke execute on function private.vendor_search_index_word(text) from public, anon, authenticated;
