-- How a review names its author: the renter's first name and the initial of the last,
-- "Dana K."; a single name stays as it is.
create or replace function public.reviewer_name(p_name text)
returns text language sql immutable set search_path = '' as $$
  with words as (select regexp_split_to_array(trim(coalesce(p_name, '')), '\s+') as w)
  select left(case when cardinality(w) > 1 then w[1] || ' ' || upper(left(w[cardinality(w)], 1)) || '.' else w[1] end, 40)
  from words;
$$;

revoke execute on function public.reviewer_name(text) from public, anon, authenticated;
