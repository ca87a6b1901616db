-- The id a submission carries in the reporting API (SUB and the hash of its website).
create or replace function public.submission_cid(p_site text)
returns text language sql immutable set search_path = '' as $$
  select 'SUB' || encode(sha256(convert_to(p_site, 'UTF8')), 'hex');
$$;

revoke execute on function public.submission_cid(text) from public, anon, authenticated;
